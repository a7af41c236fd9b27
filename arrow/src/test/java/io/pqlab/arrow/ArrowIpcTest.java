package io.pqlab.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.fixtures.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;

/**
 * The IPC stream read back by Arrow Java's own {@link ArrowStreamReader}: the same schema and rows
 * as the batches it was written from, on a flat and on nested files. (DuckDB's JDBC build reads
 * Arrow IPC only through its arrow extension, which it downloads; it is not available here.)
 */
class ArrowIpcTest {

    @Test
    void streamsReadBackAsWritten() throws Exception {
        for (Path f : List.of(Fixtures.SORTED, Fixtures.data("nested_lists.snappy.parquet"),
                Fixtures.data("nested_maps.snappy.parquet"), Fixtures.data("alltypes_plain.parquet"),
                Fixtures.data("list_columns.parquet"))) {
            for (Query q : List.of(Query.all(), Query.all().limit(3))) {
                try (BufferAllocator a = new RootAllocator()) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    long rows;
                    List<List<Object>> direct;
                    try (ParquetFile pf = ParquetFile.open(f)) {
                        rows = ArrowScan.writeStream(pf, q, a, out);
                        try (ArrowScan r = ArrowScan.reader(pf, q, a)) {
                            direct = ArrowAgreementTest.rows(r);
                        }
                    }
                    try (ArrowStreamReader back = new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), a)) {
                        List<List<Object>> read = ArrowAgreementTest.rows(back);
                        assertThat(read).as(f.toString()).hasSize((int) rows).isEqualTo(direct);
                    }
                    assertThat(a.getAllocatedMemory()).isZero();
                }
            }
        }
    }
}
