package io.pqlab.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.pqlab.Decryption;
import io.pqlab.DecryptionException;
import io.pqlab.FileException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.column.ColumnChunkReader;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.io.BytesSource;
import io.pqlab.oracle.EncryptedFiles;
import io.pqlab.oracle.EncryptedFiles.Mode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One flipped byte anywhere in any encrypted module (its length, nonce, ciphertext or tag), a
 * wrong key, a missing key: each is one FileException naming the module, the column and the row
 * group, never values. The modules are located by reading the intact file with its keys.
 */
class TamperTest {
    @TempDir
    static Path dir;

    /** A module of the file: its kind, where it lies, and what its error must name. */
    record Module(String kind, long start, int length, String column, int rowGroup) {}

    static List<Module> modules(ParquetFile f) throws IOException {
        List<Module> out = new ArrayList<>();
        for (int g = 0; g < f.rowGroupCount(); g++) {
            for (int c = 0; c < f.schema().columnCount(); c++) {
                ColumnChunk cc = ParquetFiles.chunk(f, g, c);
                if (!cc.encrypted()) {
                    continue;
                }
                String col = f.schema().column(c).dottedPath();
                int data = 0;
                for (PageInfo p : ChunkPages.pages(f, g, c)) {
                    boolean dict = p.isDictionaryPage();
                    out.add(new Module(dict ? "page header" : "data page header", p.offset(), p.headerLength(), col, g));
                    out.add(new Module(dict ? "dictionary page" : "data page " + data, p.bodyOffset(),
                            p.compressedSize(), col, g));
                    data += dict ? 0 : 1;
                }
                out.add(new Module("ColumnIndex", cc.columnIndexOffset(), cc.columnIndexLength(), col, g));
                out.add(new Module("OffsetIndex", cc.offsetIndexOffset(), cc.offsetIndexLength(), col, g));
                if (cc.metaData().hasBloomFilter()) {
                    out.add(new Module("Bloom filter", cc.metaData().bloomFilterOffset(),
                            cc.metaData().bloomFilterLength(), col, g));
                }
            }
        }
        return out;
    }

    /** Reads every module of every chunk: indexes, filters, pages walked and pages by the OffsetIndex. */
    static void readAll(byte[] file, Decryption keys) throws IOException {
        try (ParquetFile f = ParquetFile.open(new BytesSource("tampered", file), keys)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    ColumnChunk cc = ParquetFiles.chunk(f, g, c);
                    PageIndexReader.columnIndex(f.source(), cc);
                    OffsetIndex oi = PageIndexReader.offsetIndex(f.source(), cc);
                    var bloom = BloomFilterReader.read(f.source(), cc);
                    if (bloom != null && !bloom.usable() && cc.encrypted()) {
                        throw new AssertionError("an encrypted filter ignored: " + bloom.ignoredBecause());
                    }
                    ChunkPages.pages(f, g, c);
                    try (ColumnChunkReader r = ColumnChunkReader.open(f, g, c)) {
                        while (r.next() != null) {
                            // decode every page
                        }
                    }
                    if (oi != null) {
                        int[] all = IntStream.range(0, oi.pageCount()).toArray();
                        try (ColumnChunkReader r = ColumnChunkReader.openPages(f, g, c, oi, all)) {
                            while (r.next() != null) {
                                // and again through the OffsetIndex
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void aFlippedByteInAnyModuleIsOneLineNamingItsModuleAndColumn() throws IOException {
        int checked = 0;
        int ctrUndetected = 0;
        for (Mode m : EncryptedFiles.MODES) {
            Path path = EncryptedFiles.write(dir, m);
            byte[] file = Files.readAllBytes(path);
            Decryption keys = EncryptedFiles.keys(m);
            readAll(file, keys); // intact: reads
            List<Module> modules;
            try (ParquetFile f = ParquetFile.open(path, keys)) {
                modules = modules(f);
            }
            assertThat(modules.stream().map(x -> x.kind().replaceAll(" \\d+$", "")).distinct())
                    .contains("data page header", "data page", "page header", "dictionary page", "ColumnIndex",
                            "OffsetIndex", "Bloom filter");
            for (int i = 0; i < modules.size(); i += 7) { // a spread of modules, every kind
                Module mod = modules.get(i);
                // the length field, the nonce, the middle of the ciphertext, the tag's last byte
                for (long at : new long[] {mod.start(), mod.start() + 6, mod.start() + mod.length() / 2,
                        mod.start() + mod.length() - 1}) {
                    byte[] t = file.clone();
                    t[(int) at] ^= 0x10;
                    String what = m + ": " + mod + " byte " + at;
                    boolean ctrPage = m.ctr() && mod.kind().matches("data page \\d+|dictionary page");
                    try {
                        readAll(t, keys);
                        if (ctrPage && at > mod.start() + 3) {
                            // AES_GCM_CTR_V1 pages carry no tag (Encryption.md 4.2.2: "tampering with the
                            // page data might go unnoticed"); parquet-java wrote no page CRC here either
                            ctrUndetected++;
                            continue;
                        }
                        fail("no error: " + what);
                    } catch (FileException e) {
                        assertThat(e.getMessage()).as(what).doesNotContain("\n");
                        if (!ctrPage && at > mod.start() + 3) {
                            // GCM: the tag catches it, and the message names the module
                            assertThat(e).as(what).isInstanceOf(DecryptionException.class);
                            assertThat(e.getMessage()).as(what).contains("GCM tag mismatch decrypting")
                                    .contains("of column " + mod.column() + " in row group " + mod.rowGroup())
                                    .contains(mod.kind().startsWith("Bloom") ? "Bloom filter"
                                            : mod.kind().endsWith("page header") ? "page header" : mod.kind());
                        }
                        // CTR pages have no tag: the page CRC (over the stored bytes) or decoding catches them
                    }
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(100);
        System.out.printf("tampering: %d flipped bytes, %d in CTR page ciphertext not detectable%n", checked,
                ctrUndetected);
    }

    @Test
    void aTamperedFooterIsRefused() throws IOException {
        for (Mode m : EncryptedFiles.MODES) {
            Path path = EncryptedFiles.write(dir, m);
            byte[] file = Files.readAllBytes(path);
            int len = (file[file.length - 8] & 0xFF) | (file[file.length - 7] & 0xFF) << 8
                    | (file[file.length - 6] & 0xFF) << 16;
            int start = file.length - 8 - len;
            for (int at : new int[] {start + len / 2, file.length - 9, file.length - 9 - 20}) {
                byte[] t = file.clone();
                t[at] ^= 1;
                assertThatThrownBy(() -> readAll(t, EncryptedFiles.keys(m))).as(m + " byte " + at)
                        .isInstanceOf(FileException.class)
                        .hasMessageContaining(m.encryptedFooter() ? "footer" : "signature");
            }
        }
    }

    @Test
    void wrongAndMissingColumnKeysAreNamed() throws IOException {
        Mode m = EncryptedFiles.MODES[0];
        Path path = EncryptedFiles.write(dir, m);
        byte[] file = Files.readAllBytes(path);
        byte[] wrong = EncryptedFiles.priceKey(m).clone();
        wrong[3] ^= 1;
        Decryption bad = Decryption.NONE.withFooterKey(EncryptedFiles.footerKey(m)).withColumnKey("price", wrong)
                .withColumnKey("name", EncryptedFiles.nameKey(m));
        assertThatThrownBy(() -> readAll(file, bad)).isInstanceOf(DecryptionException.class)
                .hasMessageContaining("GCM tag mismatch decrypting the ColumnMetaData of column price in row group 0");
        Decryption missing = Decryption.NONE.withFooterKey(EncryptedFiles.footerKey(m))
                .withColumnKey("name", EncryptedFiles.nameKey(m));
        assertThatThrownBy(() -> readAll(file, missing)).isInstanceOf(DecryptionException.class)
                .hasMessageContaining("\"price\"").hasMessageContaining("--column-key price=KEY");
    }

    @Test
    void aModuleLengthBeyondTheFileIsCutShortNotAllocated() {
        byte[] module = new byte[40];
        module[0] = (byte) 0xFF;
        module[1] = (byte) 0xFF;
        module[2] = (byte) 0xFF;
        module[3] = (byte) 0x7F;
        assertThatThrownBy(() -> Aes.storedLength(module, 0, module.length, false, "the ColumnIndex of column x", 9))
                .isInstanceOf(DecryptionException.class).hasMessageContaining("cut short");
    }

    @Test
    void keysNeverAppearInToString() {
        byte[] k = new byte[16];
        java.util.Arrays.fill(k, (byte) 0x7E);
        Decryption d = Decryption.NONE.withFooterKey(k).withColumnKey("a", k).withAadPrefix(new byte[] {0x7E});
        assertThat(d.toString()).doesNotContain("~").doesNotContain("126").doesNotContain("7e").isEqualTo(
                "Decryption[footer key, 1 column key, AAD prefix]");
    }
}
