package io.pqlab.scan;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.Mechanism;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import io.pqlab.plan.Reference;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Values a writer should not write, as the scan and the planner meet them: an error, never a crash. */
class ScanBadValuesTest {
    @TempDir
    Path dir;

    /**
     * A BYTE_ARRAY DECIMAL of zero bytes has no value (two's complement needs a byte): compared in a
     * scan it is malformed, at its page; in a dictionary it keeps the dictionary from ruling
     * anything out. Found by FileFuzzTest#planAndScan (a NumberFormatException).
     */
    @Test
    void aZeroByteDecimal() throws Exception {
        for (boolean dictionary : new boolean[] {false, true}) {
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                rows.add(new Object[] {i == 7 ? new byte[0] : new byte[] {(byte) i}});
            }
            Path file = Reference.write(dir.resolve("empty-decimal-" + dictionary + ".parquet"),
                    "message m { required binary d (DECIMAL(4,2)); }", rows, 100, 100, dictionary);
            try (ParquetFile f = ParquetFile.open(file)) {
                Predicate p = Binder.bind("d = 0.03", f.schema());
                Plan plan = Planner.plan(f, BoundQuery.of(p, null, Query.all().using(Mechanism.all())), 0, Planner.FILE_DICTIONARIES);
                assertThat(plan.rowGroupsSkipped()).as("dictionary %s", dictionary).isZero();
                Scanner s = Scanner.open(f, BoundQuery.of(p));
                assertThatThrownBy(s::next).as("dictionary %s", dictionary).isInstanceOf(MalformedFileException.class)
                        .hasMessageContaining("DECIMAL").hasMessageContaining("0 bytes");
                // without a comparison, the rows are returned (the value shown as its bytes)
                Scanner all = Scanner.open(f, BoundQuery.of(null));
                assertThat(all.next().size()).isEqualTo(10);
            }
        }
    }

    /**
     * A DECIMAL whose scale no writer makes (417022, precision absent): a condition on it is refused
     * at once, and its values are shown as bytes, instead of computing with 10^417022 (binding took
     * 48 s; a scale near 2^31 threw ArithmeticException). Found by FileFuzzTest#planAndScan.
     */
    @Test
    void aDecimalScaleBeyondAnyWriters() {
        for (int scale : new int[] {417_022, Integer.MAX_VALUE - 1}) {
            for (io.pqlab.schema.PhysicalType type : new io.pqlab.schema.PhysicalType[] {
                io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY, io.pqlab.schema.PhysicalType.BYTE_ARRAY,
                io.pqlab.schema.PhysicalType.INT32, io.pqlab.schema.PhysicalType.INT64}) {
                io.pqlab.schema.SchemaElement root = new io.pqlab.schema.SchemaElement(null, -1, -1, null, "m", 1, null,
                        -1, -1, -1, null);
                io.pqlab.schema.SchemaElement leaf = new io.pqlab.schema.SchemaElement(type, type.ordinal(),
                        type == io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY ? 11 : -1,
                        io.pqlab.schema.Repetition.OPTIONAL, "value", -1, io.pqlab.schema.ConvertedType.DECIMAL, scale,
                        -1, -1, null);
                io.pqlab.schema.Schema schema = io.pqlab.schema.Schema.of(List.of(root, leaf));
                long t0 = System.nanoTime();
                assertThatThrownBy(() -> Binder.bind("value = 3", schema)).as("%s scale %d", type, scale)
                        .isInstanceOf(io.pqlab.predicate.ConditionException.class).hasMessageContaining("scale");
                byte[] v = type == io.pqlab.schema.PhysicalType.INT64 ? new byte[8]
                        : type == io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY ? new byte[11] : new byte[4];
                v[0] = 3;
                String shown = io.pqlab.internal.values.ValueFormat.format(v, io.pqlab.internal.values.ColumnType.of(schema.column(0)));
                assertThat(shown.length()).as("%s scale %d: %s", type, scale, shown).isLessThan(100);
                assertThat((System.nanoTime() - t0) / 1_000_000).as("ms").isLessThan(1000);
            }
        }
    }

    /**
     * FLOAT16 on a FIXED_LEN_BYTE_ARRAY(1): its values cannot be half floats, so a condition on it is
     * refused (the dictionary step read a second byte that is not there: an
     * ArrayIndexOutOfBoundsException). Found by FileFuzzTest#planAndScan.
     */
    @Test
    void aFloat16ThatIsNotTwoBytes() {
        for (int width : new int[] {1, 3}) {
            io.pqlab.schema.SchemaElement root = new io.pqlab.schema.SchemaElement(null, -1, -1, null, "m", 1, null, -1,
                    -1, -1, null);
            io.pqlab.schema.SchemaElement leaf = new io.pqlab.schema.SchemaElement(
                    io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY, io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY.ordinal(),
                    width, io.pqlab.schema.Repetition.OPTIONAL, "x", -1, null, -1, -1, -1,
                    new io.pqlab.schema.LogicalType.Float16Type());
            io.pqlab.schema.Schema schema = io.pqlab.schema.Schema.of(List.of(root, leaf));
            for (String c : List.of("x = 3", "x > 3", "x = NaN", "x IN (1, 2)")) {
                assertThatThrownBy(() -> Binder.bind(c, schema)).as("%s on FIXED(%d)", c, width)
                        .isInstanceOf(io.pqlab.predicate.ConditionException.class).hasMessageContaining("FLOAT16");
            }
            assertThat(Binder.bind("x IS NULL", schema)).isNotNull();
        }
    }
}
