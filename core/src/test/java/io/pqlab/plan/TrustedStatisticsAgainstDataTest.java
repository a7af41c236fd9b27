package io.pqlab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnOrder;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.stats.StatisticsJudge;
import io.pqlab.internal.stats.TrustedStatistics;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The trust rules held to the data: wherever StatisticsJudge says a chunk's minimum and maximum can
 * be used, every value parquet-java reads from the chunk lies between them in the test's own
 * reference order (RefColumn, built from parquet-java's schema, not pqlab's), and a recorded null
 * count is the number of nulls read. A wrong sort order (strings as signed bytes, unsigned
 * integers as signed, decimals bytewise) or a trusted legacy pair puts a value outside.
 */
class TrustedStatisticsAgainstDataTest {
    private static int usable;
    private static int refused;

    static List<Path> files() throws Exception {
        return PlannerSoundnessTest.files();
    }

    /** The planner's trap files: unsigned integers, non-ASCII and long strings, decimals, NaN, zeros. */
    @org.junit.jupiter.api.Test
    void usableBoundsHoldEveryValueInTheTrapFiles(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (Path p : List.of(PlannerTrapsTest.nanFile(dir), PlannerTrapsTest.zeroFile(dir),
                PlannerTrapsTest.nullPagesFile(dir), PlannerTrapsTest.truncatedFile(dir), PlannerTrapsTest.nullsFile(dir),
                PlannerTrapsTest.unsignedFile(dir), PlannerTrapsTest.decimalsFile(dir), PlannerTrapsTest.temporalFile(dir),
                PlannerTrapsTest.miscTypesFile(dir), PlannerTrapsTest.stringsFile(dir), citiesFile(dir))) {
            usableBoundsHoldEveryValue(p);
        }
    }

    /** Non-ASCII strings, whose bytes above 0x7F order differently as signed bytes (the book's ch08 trap). */
    private static Path citiesFile(Path dir) throws java.io.IOException {
        List<Object[]> rows = new java.util.ArrayList<>();
        for (String c : List.of("Aarhus", "Zürich", "Łódź", "München", "Zagreb", "Århus", "Bern", "Ørsted")) {
            rows.add(new Object[] {c});
        }
        return TrapFiles.write(dir.resolve("cities.parquet"), "message m { required binary city (STRING); }", rows, 4, 2,
                b -> b);
    }

    @ParameterizedTest
    @MethodSource("files")
    void usableBoundsHoldEveryValue(Path path) throws Exception {
        OracleData data = OracleData.read(path);
        try (ParquetFile f = ParquetFile.open(path)) {
            List<ColumnOrder> orders = ParquetFiles.metadata(f).columnOrders();
            for (RefColumn ref : data.modelled()) {
                ColumnDescriptor d = f.schema().column(ref.index);
                ColumnOrder order = orders != null && ref.index < orders.size() ? orders.get(ref.index) : null;
                StatisticsJudge judge = new StatisticsJudge(d.type(), d.logicalType(), d.convertedType(),
                        d.typeLength(), order, ParquetFiles.metadata(f).createdBy());
                for (int g = 0; g < data.groups; g++) {
                    ColumnChunk chunk = ParquetFiles.chunk(f, g, ref.index);
                    if (chunk.metaData() == null || chunk.metaData().statistics() == null) {
                        continue;
                    }
                    TrustedStatistics ts = judge.judge(chunk.metaData().statistics(), chunk.metaData().numValues());
                    Object[] keys = data.keys[g][ref.index];
                    String where = path.getFileName() + " rg " + g + " " + d.dottedPath() + " (" + ts.why() + ")";
                    if (ts.nullCount() >= 0 && ref.flat) {
                        long nulls = 0;
                        for (Object k : keys) {
                            nulls += k == null ? 1 : 0;
                        }
                        assertThat(ts.nullCount()).as(where + " null count").isEqualTo(nulls);
                    }
                    if (!ts.hasBounds()) {
                        refused++;
                        continue;
                    }
                    usable++;
                    Object min = ref.key(raw(ts.min(), ref));
                    Object max = ref.key(raw(ts.max(), ref));
                    for (Object k : keys) {
                        if (k == null || (k instanceof Double x && x.isNaN())) {
                            continue; // bounds never cover null or NaN
                        }
                        assertThat(ref.compare(min, k)).as(where + ": minimum above a value").isLessThanOrEqualTo(0);
                        assertThat(ref.compare(k, max)).as(where + ": maximum below a value").isLessThanOrEqualTo(0);
                    }
                }
            }
        }
    }

    /** PLAIN bytes as the physical value the oracle reads. */
    private static Object raw(byte[] plain, RefColumn ref) {
        ByteBuffer b = ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN);
        return switch (ref.type.getPrimitiveTypeName()) {
            case BOOLEAN -> plain[0] != 0;
            case INT32 -> b.getInt();
            case INT64 -> b.getLong();
            case FLOAT -> b.getFloat();
            case DOUBLE -> b.getDouble();
            default -> plain;
        };
    }

    @AfterAll
    static void report() {
        // Evidence that the test judged something: a rule that refused every bound would pass.
        assertThat(usable).as("chunks with usable bounds").isGreaterThan(100);
        System.out.printf("trusted statistics: %d chunks' bounds checked against their values, %d refused%n",
                usable, refused);
    }
}
