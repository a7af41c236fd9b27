package io.pqlab.plan;

import io.pqlab.ParquetFile;
import io.pqlab.predicate.Binder;
import io.pqlab.predicate.Predicate;
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

    static Plan plan(ParquetFile file, Path path, String condition, Mechanisms m, List<Integer> projection)
            throws IOException {
        Predicate p = Binder.bind(condition, file.schema());
        return Planner.plan(file, p, new Planner.Options(m, projection, 0), dictionaries(path));
    }

    static Plan plan(Path path, String condition, Mechanisms m) throws IOException {
        try (ParquetFile f = ParquetFile.open(path)) {
            return plan(f, path, condition, m, null);
        }
    }

    /** The 16 subsets of the four mechanisms. */
    static List<Mechanisms> allSubsets() {
        List<Mechanisms> out = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            out.add(new Mechanisms((i & 1) != 0, (i & 2) != 0, (i & 4) != 0, (i & 8) != 0));
        }
        return out;
    }
}
