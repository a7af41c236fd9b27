package io.pqlab.plan;

import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.plan.Planner;
import io.pqlab.Mechanism;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import java.util.Set;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Soundness against the data: on every fixture and every parquet-testing file the oracle reads
 * and pqlab opens, hundreds of generated conditions, each planned under all mechanisms and a
 * random subset of them (every subset for one condition in ten), some with a random projection;
 * every row the reference evaluator finds matching must be kept and read ({@link PlanAssert}).
 */
class PlannerSoundnessTest {
    static final Path FIXTURES = Fixtures.ROOT;
    static final int CONDITIONS_PER_FILE = 200;

    private static final AtomicLong FILES = new AtomicLong();
    private static final AtomicLong CONDITIONS = new AtomicLong();
    private static final AtomicLong PLANS = new AtomicLong();
    private static final AtomicLong MATCHING = new AtomicLong();
    /** Steps that ruled a leaf out, per mechanism: evidence the sweep exercises every mechanism. */
    private static final java.util.Map<String, AtomicLong> SKIPS = new java.util.concurrent.ConcurrentHashMap<>();
    private static final AtomicLong GROUPS_SKIPPED = new AtomicLong();

    /** The fixtures and every parquet-testing file the oracle can judge. */
    static List<Path> files() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(FIXTURES)) {
            s.filter(p -> p.getFileName().toString().matches("pruning-.*\\.parquet")).sorted().forEach(out::add);
        }
        out.addAll(ParquetJava.judgeable(FIXTURES.resolve("parquet-testing").resolve("data")));
        return out;
    }

    @Test
    void pqlabOpensEveryFileTheOracleReads() throws IOException {
        List<String> refused = new ArrayList<>();
        for (Path p : files()) {
            try (ParquetFile f = ParquetFile.open(p)) {
                assertThat(ParquetFiles.metadata(f)).isNotNull();
            } catch (Exception e) {
                refused.add(p.getFileName() + ": " + e);
            }
        }
        assertThat(refused).as("files the oracle reads but pqlab refuses").isEmpty();
        assertThat(files()).hasSizeGreaterThan(30);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyMatchingRowIsKeptAndRead(Path path) throws IOException {
        check(path, CONDITIONS_PER_FILE, path.getFileName().toString().hashCode());
    }

    /** Generates conditions for a file and holds every plan of them to the data; returns the count of plans. */
    static long check(Path path, int conditions, long seed) throws IOException {
        return check(path, conditions, seed, io.pqlab.Decryption.NONE);
    }

    /** The same for a file pqlab opens with {@code keys} (an encrypted one; the oracle has its own). */
    static long check(Path path, int conditions, long seed, io.pqlab.Decryption keys) throws IOException {
        OracleData d = OracleData.read(path);
        Random rnd = new Random(seed);
        List<Sql> conds = new Conditions(d, seed).generate(conditions);
        List<Set<Mechanism>> subsets = PlanTesting.allSubsets();
        long plans = 0;
        try (ParquetFile f = ParquetFile.open(path, keys)) {
            Planner.DictionarySource dicts = PlanTesting.dictionaries(path);
            for (int k = 0; k < conds.size(); k++) {
                Sql cond = conds.get(k);
                String text = cond.text();
                Predicate p;
                try {
                    p = Binder.bind(text, f.schema());
                } catch (RuntimeException e) {
                    throw new AssertionError("cannot bind a generated condition: " + text + " on " + path, e);
                }
                boolean[][] matches = PlanAssert.matches(d, cond);
                List<Set<Mechanism>> ms = new ArrayList<>();
                if (k % 10 == 0) {
                    ms.addAll(subsets);
                } else {
                    ms.add(Mechanism.all());
                    ms.add(subsets.get(rnd.nextInt(subsets.size())));
                }
                for (Set<Mechanism> m : ms) {
                    List<Integer> projection = null;
                    if (rnd.nextInt(5) == 0) {
                        projection = new ArrayList<>();
                        for (int c = 0; c < d.leaves.size(); c++) {
                            if (rnd.nextBoolean()) {
                                projection.add(c);
                            }
                        }
                    }
                    Plan plan;
                    try {
                        plan = Planner.plan(f, BoundQuery.of(p, projection, Query.all().using(m)), rnd.nextInt(3) * 100L, dicts);
                    } catch (IOException | RuntimeException e) {
                        throw new AssertionError("planning failed: " + text + " with " + m + " on " + path, e);
                    }
                    PlanAssert.Seen seen = PlanAssert.sound(d, cond, matches, plan, projection, "condition " + k);
                    MATCHING.addAndGet(seen.matching());
                    for (RowGroupPlan rg : plan.rowGroups()) {
                        GROUPS_SKIPPED.addAndGet(rg.skipped() ? 1 : 0);
                        for (Step st : rg.steps()) {
                            if (st.skip()) {
                                SKIPS.computeIfAbsent(st.mechanism(), x -> new AtomicLong()).incrementAndGet();
                            }
                        }
                    }
                    plans++;
                }
            }
        }
        FILES.incrementAndGet();
        CONDITIONS.addAndGet(conds.size());
        PLANS.addAndGet(plans);
        if (d.modelled().isEmpty()) {
            // no flat column to write a condition on (list_columns.parquet): nothing to generate
            assertThat(d.leaves).allMatch(l -> l.getMaxRepetitionLevel() > 0);
        } else {
            assertThat(conds).hasSizeGreaterThan(Math.min(conditions / 2, 20));
        }
        return plans;
    }

    @AfterAll
    static void summary() {
        System.out.printf("planner soundness: %d files, %d conditions, %d plans, %d matching rows checked,"
                + " %d row groups skipped; leaves ruled out by %s%n",
                FILES.get(), CONDITIONS.get(), PLANS.get(), MATCHING.get(), GROUPS_SKIPPED.get(), new java.util.TreeMap<>(SKIPS));
    }
}
