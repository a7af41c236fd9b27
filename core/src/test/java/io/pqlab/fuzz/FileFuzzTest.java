package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.fileErrorsOnly;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.ParquetFile;
import io.pqlab.schema.PhysicalType;
import io.pqlab.io.BytesSource;
import io.pqlab.Mechanism;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.predicate.ConditionException;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.scan.RowBatch;
import io.pqlab.internal.plan.Scans;
import io.pqlab.scan.Scan;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.values.ColumnType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Whole files: the fuzzer mutates small fixtures (their seeds lie directly in
 * {@code FileFuzzTestInputs/}, so every target of this class replays them) and the library does
 * everything it can with the result: {@link #file} each structure ({@link Exercise#file}), {@link
 * #planAndScan} the planner and the scan.
 */
class FileFuzzTest {

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void file(byte[] data) throws IOException {
        Exercise.file(new BytesSource("fuzz", data));
    }

    /**
     * Plans and scans a few conditions on the first flat columns (IS NULL, a comparison, an OR, a
     * NOT), each with every mechanism and with none, and a scan without a condition under a limit:
     * only FileExceptions may escape, with offsets in the file. Where both scans of a condition
     * succeed, every row the skipping scan returns must be one the scan that skips nothing
     * returns: a bad structure may cost a skip, never add a row. (Not equality: a mutated file's
     * statistics may lie, and a skip they justify is not the reader's fault.)
     */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void planAndScan(byte[] data) throws IOException {
        BytesSource source = new BytesSource("fuzz", data);
        long size = data.length;
        ParquetFile[] opened = new ParquetFile[1];
        if (fileErrorsOnly(0, size, () -> opened[0] = ParquetFile.open(source)) != null) {
            return;
        }
        ParquetFile f = opened[0];
        fileErrorsOnly(0, size, () -> rows(Scans.open(f, BoundQuery.of(null).withLimit(3))));
        int conditions = 0;
        for (ColumnDescriptor c : f.schema().columns()) {
            if (c.maxRepetitionLevel() > 0 || conditions >= 2) {
                continue;
            }
            conditions++;
            String name = name(c);
            String lit = literal(c);
            for (String text : List.of(name + " IS NULL", name + " = " + lit, name + " > " + lit + " OR " + name
                    + " IS NULL", "NOT (" + name + " < " + lit + ")")) {
                Predicate p;
                try {
                    p = Binder.bind(text, f.schema());
                } catch (ConditionException e) {
                    continue; // the literal does not fit this column's type: not the file's doing
                }
                List<List<Long>> got = new ArrayList<>();
                for (BoundQuery o : List.of(BoundQuery.of(p), BoundQuery.of(p).withMechanisms(Mechanism.none())
                        .withLateMaterialization(false))) {
                    fileErrorsOnly(0, size, () -> got.add(rows(Scans.open(f, o))));
                }
                if (got.size() == 2) {
                    TreeSet<Long> all = new TreeSet<>(got.get(1));
                    Contract.require(all.containsAll(got.get(0)), "'" + text + "' with every mechanism returns rows "
                            + got.get(0) + ", a scan that skips nothing " + got.get(1));
                }
            }
        }
    }

    /** Drains a scan, rendering every value; the row numbers returned. */
    private static List<Long> rows(Scan s) throws IOException {
        List<Long> out = new ArrayList<>();
        for (RowBatch b = s.nextBatch(); b != null; b = s.nextBatch()) {
            for (int i = 0; i < b.size(); i++) {
                out.add(b.rowNumber(i));
                for (int c = 0; c < b.columns().size(); c++) {
                    b.text(c, i);
                }
            }
        }
        return out;
    }

    private static String name(ColumnDescriptor c) {
        List<String> parts = new ArrayList<>();
        for (String n : c.path()) {
            parts.add("\"" + n.replace("\"", "\"\"") + "\"");
        }
        return String.join(".", parts);
    }

    /** A literal of the column's type (its value is arbitrary: the scans are compared, not judged). */
    private static String literal(ColumnDescriptor c) {
        ColumnType t = ColumnType.of(c);
        PhysicalType p = t.physical();
        if (p == PhysicalType.BOOLEAN) {
            return "TRUE";
        }
        if (p == PhysicalType.INT96 || t.timestampUnit() != null) {
            return "TIMESTAMP '2009-03-01 00:00:00'";
        }
        if (t.isDate()) {
            return "DATE '2009-03-01'";
        }
        if (t.timeUnit() != null) {
            return "TIME '01:02:03'";
        }
        if (t.isDecimal() || t.isFloat16() || p == PhysicalType.INT32 || p == PhysicalType.INT64
                || p == PhysicalType.FLOAT || p == PhysicalType.DOUBLE) {
            return "3";
        }
        if (t.isUuid()) {
            return "'123e4567-e89b-12d3-a456-426614174000'";
        }
        if (p == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
            return "X'" + "01".repeat(Math.max(0, t.typeLength())) + "'";
        }
        return "'b'";
    }
}
