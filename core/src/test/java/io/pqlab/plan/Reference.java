package io.pqlab.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The planner tests' judge, opened to tests in other packages (the scan's): the oracle's values of
 * a file ({@link OracleData}), conditions generated from them ({@link Conditions}), and the rows
 * the reference evaluator ({@link Sql}) selects. Nothing here is pqlab's: the same independence as
 * the planner tests.
 */
public final class Reference {
    private final OracleData data;

    private Reference(OracleData data) {
        this.data = data;
    }

    /** The fixtures and every parquet-testing file the oracle can judge (the planner tests' files). */
    public static List<Path> files() throws java.io.IOException {
        return PlannerSoundnessTest.files();
    }

    /**
     * The planner traps' files (written by parquet-java into {@code dir}): NaN, both zeros,
     * null pages, truncated bounds, nulls, unsigned integers, decimals, dates and timestamps,
     * other logical types, Bloom filters, strings. Values the fixtures lack.
     */
    public static List<Path> trapFiles(Path dir) throws java.io.IOException {
        return List.of(PlannerTrapsTest.nanFile(dir), PlannerTrapsTest.zeroFile(dir),
                PlannerTrapsTest.nullPagesFile(dir), PlannerTrapsTest.truncatedFile(dir), PlannerTrapsTest.nullsFile(dir),
                PlannerTrapsTest.unsignedFile(dir), PlannerTrapsTest.decimalsFile(dir), PlannerTrapsTest.temporalFile(dir),
                PlannerTrapsTest.miscTypesFile(dir), PlannerTrapsTest.bloomFile(dir), PlannerTrapsTest.stringsFile(dir));
    }

    /**
     * Writes rows with parquet-java (the trap files' route: one Object per top-level field, null for
     * null; Integer, Long, Float, Double, Boolean, String or byte[]), small row groups and pages,
     * dictionary encoding on or off.
     */
    public static Path write(Path target, String schema, List<Object[]> rows, int rowGroupRows, int pageRows,
            boolean dictionary) throws java.io.IOException {
        return TrapFiles.write(target, schema, rows, rowGroupRows, pageRows, b -> b.withDictionaryEncoding(dictionary));
    }

    /** Reads every value of the file through the oracle. */
    public static Reference read(Path path) {
        return new Reference(OracleData.read(path));
    }

    public int rowGroups() {
        return data.groups;
    }

    public long rows(int rowGroup) {
        return data.rows[rowGroup];
    }

    public long totalRows() {
        return data.totalRows();
    }

    public int columnCount() {
        return data.leaves.size();
    }

    /** Whether conditions can be written on column c (a flat leaf of a type the judge models). */
    public boolean modelled(int c) {
        return data.columns[c] != null;
    }

    /** A generated condition and the rows it selects. */
    public static final class Condition {
        private final Sql sql;
        private final long[] matching;

        private Condition(Sql sql, long[] matching) {
            this.sql = sql;
            this.matching = matching;
        }

        /** The condition in pqlab's language. */
        public String text() {
            return sql.text();
        }

        /** The leaf columns it reads. */
        public Set<Integer> columns() {
            Set<Integer> out = new TreeSet<>();
            sql.columns(out);
            return Collections.unmodifiableSet(out);
        }

        /** The file row numbers (0-based, ascending) where the condition is TRUE. */
        public long[] matchingRows() {
            return matching.clone();
        }

        @Override
        public String toString() {
            return sql.text();
        }
    }

    /** About {@code max} conditions over the file's modelled columns ({@link Conditions#generate}). */
    public List<Condition> conditions(int max, long seed) {
        List<Condition> out = new ArrayList<>();
        for (Sql s : new Conditions(data, seed).generate(max)) {
            out.add(new Condition(s, matching(s)));
        }
        return out;
    }

    private long[] matching(Sql s) {
        boolean[][] m = PlanAssert.matches(data, s);
        int n = 0;
        for (boolean[] g : m) {
            for (boolean b : g) {
                n += b ? 1 : 0;
            }
        }
        long[] out = new long[n];
        int k = 0;
        long first = 0;
        for (int g = 0; g < m.length; g++) {
            for (int i = 0; i < m[g].length; i++) {
                if (m[g][i]) {
                    out[k++] = first + i;
                }
            }
            first += data.rows[g];
        }
        return out;
    }
}
