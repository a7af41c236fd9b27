package io.pqlab.internal.net;

import io.pqlab.Decryption;
import io.pqlab.io.ByteSource;
import io.pqlab.Mechanism;
import io.pqlab.internal.plan.BoundQuery;
import java.util.Set;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The reading strategies for one query side by side, from the naive one (every column chunk) to
 * the whole file in one read: each strategy's requests, bytes and time on the modelled network,
 * from the plan pqlab would make under it. The footer and index phases
 * are run for each strategy against a shared copy of the bytes fetched so far (so the file is not
 * fetched again for every row); the data phase is counted, not fetched.
 */
public final class StrategyComparison {
    private StrategyComparison() {}

    /**
     * One row.
     *
     * @param name what the strategy does
     * @param strategy its requests (null for the whole file in one read)
     * @param mechanisms what its plan may use
     * @param accounting its phases (null for the whole file in one read)
     * @param requests requests in all
     * @param bytes bytes fetched in all
     * @param modelMicros the time on the modelled network with the strategy's connections
     * @param rowGroupsRead row groups its plan reads
     */
    public record Row(String name, Strategy strategy, Set<Mechanism> mechanisms, Accounting accounting, int requests,
            long bytes, long modelMicros, long rowGroupsRead) {}

    /**
     * Builds the table.
     *
     * @param origin the file (its bytes are fetched at most once, whatever the rows)
     * @param query the condition bound to the file's schema, the columns it reads, and the
     *     mechanisms for the rows that skip pages
     * @param given the strategy given on the command line: its prefetch, gap and connections set the
     *     rows that vary them (a gap of 0 or less becomes {@code autoGap}, one connection becomes 4)
     * @param model the network
     */
    public static List<Row> compare(ByteSource origin, BoundQuery query, Strategy given, CostModel model)
            throws IOException {
        return compare(origin, query, given, model, Decryption.NONE);
    }

    /** As above, for a file that may be encrypted: every row's session reads with {@code keys}. */
    public static List<Row> compare(ByteSource origin, BoundQuery query, Strategy given, CostModel model,
            Decryption keys) throws IOException {
        Set<Mechanism> mechanisms = query.mechanisms();
        FetchingSource shared = new FetchingSource(origin, new RequestLog(), 1);
        int prefetch = given.prefetch() > 0 ? given.prefetch() : Strategy.DEFAULT_PREFETCH;
        long gap = given.gap() > 0 ? given.gap() : model.autoGap();
        int connections = given.connections() > 1 ? given.connections() : 4;
        Set<Mechanism> stats = Mechanism.setOf(Mechanism.STATISTICS);
        long n = Strategy.NO_MERGING;
        List<Row> rows = new ArrayList<>();
        rows.add(run("HEAD, trailer, footer; every column chunk", shared, new Strategy(0, n, 1, false),
                Mechanism.none(), query, model, keys));
        rows.add(run("... skipping row groups by statistics", shared, new Strategy(0, n, 1, false), stats, query,
                model, keys));
        String more = mechanisms.equals(Mechanism.all()) ? " (and Bloom filters, dictionaries)"
                : " (" + String.join(", ", Mechanism.names(mechanisms)) + ")";
        rows.add(run("... and pages by the page index" + more, shared,
                new Strategy(0, n, 1, true), mechanisms, query, model, keys));
        rows.add(run("... with a suffix read of " + size(prefetch) + " for the footer", shared,
                new Strategy(prefetch, n, 1, true), mechanisms, query, model, keys));
        rows.add(run("... merging ranges within " + size(gap), shared, new Strategy(prefetch, gap, 1, true), mechanisms,
                query, model, keys));
        rows.add(run("... on " + connections + " connections, without merging", shared,
                new Strategy(prefetch, n, connections, true), mechanisms, query, model, keys));
        long fileSize = shared.size();
        long t = model.withConnections(1).requestMicros(fileSize);
        rows.add(new Row("the whole file in one read", null, Mechanism.none(), null, 1, fileSize, t, -1));
        rows.add(run("as given: " + describe(given), shared, given, mechanisms, query, model, keys));
        return rows;
    }

    private static Row run(String name, FetchingSource shared, Strategy s, Set<Mechanism> m, BoundQuery query,
            CostModel model, Decryption keys) throws IOException {
        // The shared source is not closed by the session: it outlives every row.
        ByteSource view = new Unclosed(shared);
        try (ReadSession session = ReadSession.open(view, s, new RequestLog(), FetchingSource.DEFAULT_MAX_HELD,
                keys)) {
            BoundQuery q = query.with(query.query().using(m));
            session.fetchIndexes(q);
            Plan plan = Planner.plan(session.file(), q);
            session.planData(plan);
            Accounting a = session.accounting(model.withConnections(s.connections()));
            return new Row(name, s, m, a, a.requests(), a.bytes(), a.modelMicros(),
                    plan.rowGroups().size() - plan.rowGroupsSkipped());
        }
    }

    /** The strategy in the words of the command line. */
    public static String describe(Strategy s) {
        return (s.prefetch() > 0 ? "--prefetch " + s.prefetch() : "HEAD, trailer, footer") + ", "
                + (s.gap() < 0 ? "no merging" : "--coalesce " + s.gap()) + ", --connections " + s.connections();
    }

    /** A size in words: 8 KiB, 2 MiB, 100 bytes. */
    public static String size(long bytes) {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return String.format("%,d bytes", bytes);
    }

    /** A source whose close does nothing. */
    private static final class Unclosed extends io.pqlab.io.ForwardingSource {
        Unclosed(ByteSource inner) {
            super(inner);
        }

        /** The table models readers over a network, which spend no request on the head magic alone. */
        @Override
        public boolean remote() {
            return true;
        }

        @Override
        public void close() {}
    }
}
