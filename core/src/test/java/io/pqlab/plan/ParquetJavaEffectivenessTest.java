package io.pqlab.plan;

import io.pqlab.internal.plan.Planner;
import io.pqlab.Mechanism;
import io.pqlab.internal.plan.BoundQuery;
import java.util.Set;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.filter2.compat.RowGroupFilter.FilterLevel;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexFilter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Effectiveness against parquet-java: for every generated condition its FilterApi can express
 * ({@link PjFilter}), parquet-java's row-group filter levels (statistics, dictionary, Bloom
 * filter; each alone and all three) and its column-index filter run on the same file, read
 * through the oracle's Hadoop-free route. pqlab, with the same mechanisms, must keep no row group
 * parquet-java drops and no row its column-index filter drops, except where parquet-java's drop is
 * unsound on the data: those cases are named (with the matching rows that prove it) and counted.
 */
class ParquetJavaEffectivenessTest {
    private static final AtomicLong COMPARED = new AtomicLong();
    private static final AtomicLong CONDITIONS = new AtomicLong();
    private static final AtomicLong PQLAB_SKIPS_MORE = new AtomicLong();
    private static final List<String> PJ_UNSOUND = new ArrayList<>();
    private static final List<String> NO_COLUMN_ORDERS = new ArrayList<>();

    /** What one file's comparison found. */
    record Outcome(int expressible, List<String> failures, List<String> pjUnsound, List<String> noColumnOrders) {}

    private record Level(String name, List<FilterLevel> pj, Set<Mechanism> pqlab) {}

    private static final List<Level> LEVELS = List.of(
            new Level("statistics", List.of(FilterLevel.STATISTICS), Mechanism.parse("statistics")),
            new Level("dictionary", List.of(FilterLevel.DICTIONARY), Mechanism.parse("dictionary")),
            new Level("bloom", List.of(FilterLevel.BLOOMFILTER), Mechanism.parse("bloom")),
            new Level("statistics+dictionary+bloom", List.of(FilterLevel.STATISTICS, FilterLevel.DICTIONARY,
                    FilterLevel.BLOOMFILTER), Mechanism.parse("statistics,dictionary,bloom")));

    static List<Path> files() throws IOException {
        return PlannerSoundnessTest.files();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void pqlabKeepsNothingParquetJavaDrops(Path path) throws IOException {
        Outcome o = compare(path, 200, path.getFileName().toString().hashCode() * 31L);
        assertThat(o.failures()).as("pqlab keeps what parquet-java soundly drops, in " + path).isEmpty();
    }

    /**
     * The trap files of {@link PlannerTrapsTest} against parquet-java too. On the signed-zero file
     * parquet-java's drops are unsound (it compares and hashes -0.0 and +0.0 as different values):
     * the cases are named with the rows that match, and pqlab keeps them.
     */
    @Test
    void trapFilesAgainstParquetJava(@TempDir Path dir) throws IOException {
        List<Path> files = List.of(PlannerTrapsTest.nanFile(dir), PlannerTrapsTest.zeroFile(dir),
                PlannerTrapsTest.nullPagesFile(dir), PlannerTrapsTest.truncatedFile(dir), PlannerTrapsTest.nullsFile(dir),
                PlannerTrapsTest.unsignedFile(dir), PlannerTrapsTest.decimalsFile(dir), PlannerTrapsTest.temporalFile(dir),
                PlannerTrapsTest.bloomFile(dir), PlannerTrapsTest.stringsFile(dir), PlannerTrapsTest.miscTypesFile(dir));
        for (Path p : files) {
            Outcome o = compare(p, 200, p.getFileName().toString().hashCode());
            assertThat(o.failures()).as("pqlab keeps what parquet-java soundly drops, in " + p).isEmpty();
            assertThat(o.noColumnOrders()).isEmpty();
            if (p.getFileName().toString().equals("zero.parquet")) {
                assertThat(o.pjUnsound()).as("parquet-java's signed-zero drops").isNotEmpty()
                        .allMatch(c -> c.contains("0.0"));
            }
        }
    }

    /**
     * The harm in reading min_value/max_value without column_orders: a writer that ordered an
     * unsigned column as signed (as parquet-mr did before PARQUET-1025) and wrote no column_orders.
     * parquet-java trusts the bounds and drops row groups that hold matching rows; pqlab does not.
     */
    @Test
    void parquetJavaTrustsBoundsWithoutColumnOrders(@TempDir Path dir) throws IOException {
        Path written = PlannerTrapsTest.unsignedFile(dir);
        OracleData w = OracleData.read(written);
        Path p = TrapFiles.patch(written, dir.resolve("signed-bounds-no-orders.parquet"), null, md -> {
            md.unsetColumn_orders();
            for (int g = 0; g < w.groups; g++) {
                int min = Integer.MAX_VALUE;
                int max = Integer.MIN_VALUE;
                for (Object k : w.keys[g][0]) {
                    int v = ((java.math.BigDecimal) k).longValue() > Integer.MAX_VALUE
                            ? (int) ((java.math.BigDecimal) k).longValue() : ((java.math.BigDecimal) k).intValue();
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
                var st = md.getRow_groups().get(g).getColumns().get(0).getMeta_data().getStatistics();
                st.setMin_value(TrapFiles.bytes(TrapFiles.le(min)));
                st.setMax_value(TrapFiles.bytes(TrapFiles.le(max)));
            }
        });
        Outcome o = compare(p, 300, 5);
        assertThat(o.failures()).isEmpty();
        assertThat(o.pjUnsound()).as("parquet-java drops matching rows").anyMatch(c -> c.contains("statistics"));
        PlannerSoundnessTest.check(p, 200, 5);
    }

    /** Compares pqlab with parquet-java on generated conditions. */
    static Outcome compare(Path path, int conditions, long seed) throws IOException {
        OracleData d = OracleData.read(path);
        List<Sql> conds = new Conditions(d, seed).generate(conditions);
        List<String> failures = new ArrayList<>();
        List<String> unsound = new ArrayList<>();
        List<String> noOrders = new ArrayList<>();
        boolean hasOrders = ParquetJava.thriftFooter(path).isSetColumn_orders();
        int expressible = 0;
        Set<ColumnPath> paths = new HashSet<>();
        for (var leaf : d.leaves) {
            paths.add(ColumnPath.get(leaf.getPath()));
        }
        try (ParquetFile f = ParquetFile.open(path); ParquetFileReader r = ParquetJava.open(path)) {
            List<BlockMetaData> blocks = r.getRowGroups();
            Planner.DictionarySource dicts = PlanTesting.dictionaries(path);
            for (Sql cond : conds) {
                FilterPredicate fp = PjFilter.of(cond);
                if (fp == null) {
                    continue;
                }
                expressible++;
                FilterCompat.Filter filter = FilterCompat.get(fp);
                Predicate bound = Binder.bind(cond.text(), f.schema());
                boolean[][] matches = PlanAssert.matches(d, cond);
                for (Level level : LEVELS) {
                    List<BlockMetaData> kept = RowGroupFilter.filterRowGroups(level.pj(), filter, blocks, r);
                    Plan plan = Planner.plan(f, BoundQuery.of(bound, level.pqlab()), 0, dicts);
                    for (int g = 0; g < d.groups; g++) {
                        boolean pjKeeps = containsBlock(kept, blocks.get(g));
                        boolean pqlabKeeps = !plan.rowGroups().get(g).skipped();
                        COMPARED.incrementAndGet();
                        if (pjKeeps && !pqlabKeeps) {
                            PQLAB_SKIPS_MORE.incrementAndGet();
                        }
                        if (!pjKeeps && pqlabKeeps) {
                            int match = first(matches[g]);
                            if (match >= 0) {
                                unsound.add(pjUnsound(path, cond, level.name(), g, d, match, matches[g]));
                            } else if (!hasOrders && undefinedBounds(plan.rowGroups().get(g))) {
                                // parquet-java reads min_value/max_value without column_orders, where
                                // parquet.thrift leaves their meaning undefined; pqlab does not (see
                                // parquetJavaTrustsBoundsWithoutColumnOrders for the harm)
                                noOrders.add(path.getFileName() + ": " + level.name() + ", row group " + g + ": "
                                        + cond.text());
                            } else {
                                BlockMetaData block = blocks.get(g);
                                String atom = unsoundAtom(d, cond, g, null, a -> RowGroupFilter.filterRowGroups(level.pj(),
                                        FilterCompat.get(a), List.of(block), r).isEmpty());
                                if (atom != null) {
                                    unsound.add(path.getFileName() + ": parquet-java's " + level.name() + " drops row group "
                                            + g + " for " + cond.text() + " by " + atom);
                                } else {
                                    failures.add(level.name() + ": row group " + g + " dropped by parquet-java, kept by pqlab: "
                                            + cond.text() + "\n    pqlab: " + plan.rowGroups().get(g).steps());
                                }
                            }
                        }
                    }
                }
                // The column-index filter against pqlab's page index alone.
                Plan plan = Planner.plan(f, BoundQuery.of(bound, Mechanism.parse("page-index")), 0, dicts);
                for (int g = 0; g < d.groups; g++) {
                    org.apache.parquet.filter2.columnindex.RowRanges pj = ColumnIndexFilter.calculateRowRanges(filter,
                            r.getColumnIndexStore(g), paths, d.rows[g]);
                    RowRanges ours = plan.rowGroups().get(g).rows();
                    int unsoundRow = -1;
                    for (int i = 0; i < matches[g].length && unsoundRow < 0; i++) {
                        if (matches[g][i] && !pj.isOverlapping(i, i)) {
                            unsoundRow = i;
                        }
                    }
                    if (unsoundRow >= 0) {
                        unsound.add(pjUnsound(path, cond, "column index", g, d, unsoundRow, matches[g]));
                        continue;
                    }
                    if (!hasOrders && undefinedBounds(plan.rowGroups().get(g))) {
                        noOrders.add(path.getFileName() + ": column index, row group " + g + ": " + cond.text());
                        continue;
                    }
                    rows:
                    for (int k = 0; k < ours.size(); k++) {
                        for (long i = ours.start(k); i < ours.end(k); i++) {
                            COMPARED.incrementAndGet();
                            if (!pj.isOverlapping(i, i)) {
                                int group = g;
                                String atom = unsoundAtom(d, cond, g, a -> ColumnIndexFilter.calculateRowRanges(
                                        FilterCompat.get(a), r.getColumnIndexStore(group), paths, d.rows[group]), null);
                                if (atom != null) {
                                    unsound.add(path.getFileName() + ": parquet-java's column index drops row " + i
                                            + " of row group " + g + " for " + cond.text() + " by " + atom);
                                } else {
                                    failures.add("column index: row " + i + " of row group " + g + " dropped by parquet-java ("
                                            + pj + "), kept by pqlab (" + ours + "): " + cond.text() + "\n    pqlab: "
                                            + plan.rowGroups().get(g).steps());
                                }
                                break rows;
                            }
                        }
                    }
                }
            }
        }
        CONDITIONS.addAndGet(expressible);
        synchronized (PJ_UNSOUND) {
            PJ_UNSOUND.addAll(unsound);
            NO_COLUMN_ORDERS.addAll(noOrders);
        }
        return new Outcome(expressible, failures, unsound, noOrders);
    }

    /**
     * Where parquet-java dropped rows that do not match the whole condition, its drop may still
     * rest on an unsound drop of one part: an atomic condition (with the polarity NOT gives it)
     * that parquet-java rules out alone although rows of the group match it. Returns that atom and
     * its proof, or null. Pass the column-index filter as {@code ranges} or the row-group filter as
     * {@code drops}.
     */
    private static String unsoundAtom(OracleData d, Sql cond, int g,
            java.util.function.Function<FilterPredicate, org.apache.parquet.filter2.columnindex.RowRanges> ranges,
            java.util.function.Predicate<FilterPredicate> drops) {
        List<Sql> atoms = new ArrayList<>();
        atoms(cond, false, atoms);
        for (Sql a : atoms) {
            FilterPredicate fp = PjFilter.of(a);
            boolean[] m = PlanAssert.matches(d, a)[g];
            if (fp == null || first(m) < 0) {
                continue;
            }
            if (drops != null && drops.test(fp)) {
                return "its unsound drop of " + a.text() + ", which row " + first(m) + " (" + PlanAssert.showRow(d, g, first(m), a)
                        + ") matches";
            }
            if (ranges != null) {
                var rr = ranges.apply(fp);
                for (int i = 0; i < m.length; i++) {
                    if (m[i] && !rr.isOverlapping(i, i)) {
                        return "its unsound ranges for " + a.text() + ", which row " + i + " (" + PlanAssert.showRow(d, g, i, a)
                                + ") matches";
                    }
                }
            }
        }
        return null;
    }

    /** The atomic conditions under And, Or and Not, each negated where an odd number of NOTs is above it. */
    private static void atoms(Sql s, boolean negated, List<Sql> out) {
        if (s instanceof Sql.And a) {
            a.terms().forEach(t -> atoms(t, negated, out));
        } else if (s instanceof Sql.Or o) {
            o.terms().forEach(t -> atoms(t, negated, out));
        } else if (s instanceof Sql.Not n) {
            atoms(n.term(), !negated, out);
        } else {
            out.add(negated ? new Sql.Not(s) : s);
        }
    }

    /** Whether pqlab's evidence for a row group was refused for want of column_orders. */
    private static boolean undefinedBounds(RowGroupPlan rg) {
        return rg.steps().stream().anyMatch(s -> s.why().contains("declares no column order"));
    }

    private static boolean containsBlock(List<BlockMetaData> kept, BlockMetaData b) {
        for (BlockMetaData k : kept) {
            if (k == b) {
                return true;
            }
        }
        return false;
    }

    private static int first(boolean[] m) {
        for (int i = 0; i < m.length; i++) {
            if (m[i]) {
                return i;
            }
        }
        return -1;
    }

    private static String pjUnsound(Path path, Sql cond, String level, int g, OracleData d, int row, boolean[] m) {
        int count = 0;
        for (boolean b : m) {
            count += b ? 1 : 0;
        }
        String s = path.getFileName() + ": parquet-java's " + level + " drops rows of row group " + g
                + " that match " + cond.text() + " — e.g. row " + row + " (" + PlanAssert.showRow(d, g, row, cond) + "), "
                + count + " matching in the group";
        return s;
    }

    @AfterAll
    static void summary() {
        System.out.printf("parquet-java comparison: %d expressible conditions, %d row-group/row verdicts compared,"
                + " %d row groups pqlab skips that parquet-java keeps, %d cases where parquet-java's drop is unsound%n",
                CONDITIONS.get(), COMPARED.get(), PQLAB_SKIPS_MORE.get(), PJ_UNSOUND.size());
        PJ_UNSOUND.stream().limit(20).forEach(s -> System.out.println("  unsound in parquet-java: " + s));
        System.out.printf("  %d drops by parquet-java from bounds without column_orders, not followed by pqlab%n",
                NO_COLUMN_ORDERS.size());
    }
}
