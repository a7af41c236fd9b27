package io.pqlab.internal.format;

import io.pqlab.fixtures.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.FooterOnlyReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;

/** The parquet-testing fixtures, and parquet-java (the judge) opened on them without Hadoop. */
public final class FormatFixtures {
    public static final Path ROOT = Fixtures.PARQUET_TESTING;
    public static final Path DATA = ROOT.resolve("data");
    public static final Path BAD = ROOT.resolve("bad_data");
    public static final Path ENCRYPTED = DATA.resolve("encrypt_columns_and_footer.parquet.encrypted");

    private FormatFixtures() {}

    /** Every .parquet file in data/ (the encrypted one is not named .parquet). */
    public static List<Path> dataFiles() {
        return list(DATA);
    }

    /** Every .parquet file in bad_data/. */
    public static List<Path> badFiles() {
        return list(BAD);
    }

    /** data/ and bad_data/ together. */
    public static List<Path> allFiles() {
        return Stream.concat(dataFiles().stream(), badFiles().stream()).toList();
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ParquetFileReader openWithParquetJava(Path path) throws IOException {
        // The constructor: open() is overloaded on Hadoop types javac would need to see.
        return new ParquetFileReader(new LocalInputFile(path), FooterOnlyReadOptions.create());
    }

    /** The file's raw footer bytes (FileMetaData only), by the format's layout. */
    public static byte[] footerBytes(byte[] file) {
        int n = file.length;
        int len = (file[n - 8] & 0xFF) | (file[n - 7] & 0xFF) << 8 | (file[n - 6] & 0xFF) << 16
                | (file[n - 5] & 0xFF) << 24;
        byte[] out = new byte[len];
        System.arraycopy(file, n - 8 - len, out, 0, len);
        return out;
    }
}
