package io.pqlab.plan;

import io.pqlab.internal.plan.Planner;
import io.pqlab.Mechanism;
import io.pqlab.MechanismSets;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import java.util.Set;
import io.pqlab.ParquetFile;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the planner tests share: the one place dictionaries come from, and planning a condition's text. */
final class PlanTesting {
    private PlanTesting() {}

    /**
     * THE place the planner tests get dictionary pages from: pqlab's own page decoder, as plans
     * use (DictionaryPagesTest holds those dictionaries to parquet-java's).
     */
    static Planner.DictionarySource dictionaries(Path path) {
        return Planner.FILE_DICTIONARIES;
    }

    static Plan plan(ParquetFile file, Path path, String condition, Set<Mechanism> m, List<Integer> projection)
            throws IOException {
        Predicate p = Binder.bind(condition, file.schema());
        return Planner.plan(file, BoundQuery.of(p, projection, Query.all().using(m)), 0, dictionaries(path));
    }

    static Plan plan(Path path, String condition, Set<Mechanism> m) throws IOException {
        try (ParquetFile f = ParquetFile.open(path)) {
            return plan(f, path, condition, m, null);
        }
    }

    /** The 16 subsets of the four mechanisms. */
    static List<Set<Mechanism>> allSubsets() {
        List<Set<Mechanism>> out = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            out.add(MechanismSets.of((i & 1) != 0, (i & 2) != 0, (i & 4) != 0, (i & 8) != 0));
        }
        return out;
    }
}
