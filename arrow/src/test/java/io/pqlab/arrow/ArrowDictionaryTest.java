package io.pqlab.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.oracle.ParquetJava;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.duckdb.DuckDBResultSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded string columns as Arrow dictionary vectors: the values they resolve to equal
 * the plain vectors' and DuckDB's, also where parquet-java's dictionary outgrew its page and the
 * chunk's later pages fell back to PLAIN; an IPC stream of several batches (a dictionary batch
 * before each) read back by {@link ArrowStreamReader} resolves to the same values.
 */
class ArrowDictionaryTest {
    @TempDir
    Path dir;
    private BufferAllocator allocator;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void nothingLeftAllocated() {
        assertThat(allocator.getAllocatedMemory()).as("Arrow memory left allocated").isZero();
        allocator.close();
    }

    /**
     * Three row groups of 1,000 rows: s has 100 distinct values a row group and a null every
     * seventh row, its 256-byte dictionary page fills after two pages and parquet-java writes the
     * rest PLAIN; t
     * repeats three values (dictionary all the way); k is a plain int.
     */
    private Path fallbackFile() throws Exception {
        Path f = dir.resolve("fallback.parquet");
        MessageType type = MessageTypeParser.parseMessageType(
                "message m { optional binary s (STRING); required binary t (STRING); required int32 k; }");
        var b = ParquetJava.hadoopFree(ParquetJava.writer(f, type)).withRowGroupRowCountLimit(1000)
                .withPageRowCountLimit(100).withMinRowCountForPageSizeCheck(100).withDictionaryEncoding(true)
                .withDictionaryPageSize(256);
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = b.build()) {
            for (int i = 0; i < 3000; i++) {
                Group g = groups.newGroup();
                if (i % 7 != 0) {
                    g.add(0, "value-" + i / 10); // ten values a page: the dictionary pays, then fills
                }
                g.add(1, "abc".substring(i % 3, i % 3 + 1));
                g.add(2, i);
                w.write(g);
            }
        }
        var stats = ParquetJava.thriftFooter(f).getRow_groups().get(0).getColumns().get(0).getMeta_data()
                .getEncoding_stats();
        assertThat(stats).as("s has dictionary pages and PLAIN pages in one chunk")
                .anyMatch(e -> e.getEncoding() == org.apache.parquet.format.Encoding.PLAIN
                        && e.getPage_type() == org.apache.parquet.format.PageType.DATA_PAGE)
                .anyMatch(e -> e.getPage_type() == org.apache.parquet.format.PageType.DICTIONARY_PAGE);
        return f;
    }

    @Test
    void fallbackToPlainMidChunkResolvesToTheSameValues() throws Exception {
        Path f = fallbackFile();
        List<List<Object>> theirs;
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duck.createStatement()) {
            s.execute("SET threads = 1");
            try (var rs = s.executeQuery("SELECT s, t, k FROM read_parquet('" + f + "')");
                    ArrowReader r = (ArrowReader) ((DuckDBResultSet) rs).arrowExportStream(allocator, 4096)) {
                theirs = ArrowAgreementTest.rows(r);
            }
        }
        for (Query q : List.of(Query.all(), Query.where("k IN (5, 17, 250, 1400, 2999) OR k BETWEEN 1200 AND 1300"), Query.where("s = 'value-237'"))) {
            List<List<Object>> plain;
            try (ParquetFile pf = ParquetFile.open(f); ArrowScan r = ArrowScan.reader(pf, q, allocator)) {
                plain = ArrowAgreementTest.rows(r);
            }
            try (ParquetFile pf = ParquetFile.open(f);
                    ArrowScan r = ArrowScan.reader(pf, q, allocator, new ArrowScan.Options(true))) {
                List<Field> fields = r.schema().getFields();
                assertThat(fields.get(0).getDictionary()).as("s").isNotNull();
                assertThat(fields.get(1).getDictionary()).as("t").isNotNull();
                assertThat(fields.get(2).getDictionary()).as("k").isNull();
                assertThat(ArrowAgreementTest.rows(r)).as(q.toString()).isEqualTo(plain);
                assertThat(r.directFields()).containsExactly("s", "t", "k");
            }
            if (q.equals(Query.all())) {
                assertThat(plain).hasSize(3000).isEqualTo(theirs);
            }
        }
    }

    @Test
    void ipcStreamCarriesTheDictionaries() throws Exception {
        for (Path f : List.of(fallbackFile(), Fixtures.SORTED, Fixtures.data("alltypes_plain.parquet"))) {
            for (Query q : List.of(Query.all(), Query.all().limit(1500))) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                List<List<Object>> plain;
                long rows;
                try (ParquetFile pf = ParquetFile.open(f)) {
                    rows = ArrowScan.writeStream(pf, q, allocator, new ArrowScan.Options(true), out);
                    try (ArrowScan r = ArrowScan.reader(pf, q, allocator)) {
                        plain = ArrowAgreementTest.rows(r);
                    }
                }
                try (ArrowStreamReader back = new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()),
                        allocator)) {
                    List<Field> fields = back.getVectorSchemaRoot().getSchema().getFields();
                    if (!f.equals(Fixtures.data("alltypes_plain.parquet"))) {
                        assertThat(fields).as(f + ": a dictionary-encoded field in the stream")
                                .anyMatch(x -> x.getDictionary() != null);
                    }
                    assertThat(ArrowAgreementTest.rows(back)).as(f + " " + q).hasSize((int) rows).isEqualTo(plain);
                }
            }
        }
    }

    /** The batches' dictionaries hold each value once (a dictionary, not a copy of the column). */
    @Test
    void eachBatchsDictionaryHoldsDistinctValues() throws Exception {
        try (ParquetFile pf = ParquetFile.open(fallbackFile());
                ArrowScan r = ArrowScan.reader(pf, Query.all(), allocator, new ArrowScan.Options(true))) {
            int batches = 0;
            while (r.loadNextBatch()) {
                batches++;
                for (long id : r.getDictionaryIds()) {
                    var v = r.lookup(id).getVector();
                    List<Object> values = new ArrayList<>();
                    for (int i = 0; i < v.getValueCount(); i++) {
                        values.add(ArrowValues.of(v, i));
                    }
                    assertThat(values).doesNotHaveDuplicates().doesNotContainNull();
                    assertThat(values.size()).isLessThanOrEqualTo(id == 0 ? 100 : 3);
                }
            }
            assertThat(batches).as("a batch per row group").isEqualTo(3);
        }
    }
}
