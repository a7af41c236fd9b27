package io.pqlab.internal.plan;

import io.pqlab.ParquetFile;
import io.pqlab.plan.Plan;
import io.pqlab.plan.Span;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Planning as a loop in which the planner says which bytes it needs and the caller fetches them,
 * so that how bytes are fetched (a local read, HTTP or S3 requests, merged and in parallel) stays
 * out of the planner and the network layer re-derives none of its rules:
 *
 * <pre>{@code
 * PlanLoop loop = PlanLoop.of(file, query, gap, Planner.FILE_DICTIONARIES);
 * for (PlanLoop.Next n = loop.next(); !(n instanceof PlanLoop.Done d); n = loop.next()) {
 *     fetch(((PlanLoop.NeedsData) n).spans());   // make them readable through file.source()
 * }
 * }</pre>
 *
 * <p>The caller need not fetch what is asked (a local file is read as the planner goes); bytes
 * it fetches become readable through the file's source, where the planner then finds them.
 *
 * <p>The rounds: first, with the footer's statistics judged for every row group, the Bloom
 * filters, ColumnIndexes and OffsetIndexes of the row groups they leave undecided, all row groups
 * at once ({@link Planner#indexesToConsult}); then the plan. All row groups' needs of one kind are
 * one round rather than one round per row group, because a phased network read merges them into
 * fewer requests than it could across rounds. What the plan needs beyond them (a dictionary page,
 * a structure too long to fetch ahead) the planner still reads itself, through the source.
 */
public final class PlanLoop {

    /** What the loop says next. */
    public sealed interface Next permits NeedsData, Done {}

    /**
     * Byte ranges the planner will consult next, in row group then column order.
     *
     * @param what what they are, for logs
     */
    public record NeedsData(String what, List<Span> spans) implements Next {
        public NeedsData {
            spans = List.copyOf(spans);
        }
    }

    /** The finished plan. */
    public record Done(Plan plan) implements Next {}

    private enum State { INDEXES, PLAN, DONE }

    private final ParquetFile file;
    private final BoundQuery query;
    private final long coalesceGap;
    private final Planner.DictionarySource dictionaries;
    private State state = State.INDEXES;
    private Plan plan;

    private PlanLoop(ParquetFile file, BoundQuery query, long coalesceGap, Planner.DictionarySource dictionaries) {
        this.file = Objects.requireNonNull(file, "file");
        this.query = Objects.requireNonNull(query, "query");
        this.coalesceGap = coalesceGap;
        this.dictionaries = dictionaries;
    }

    /** A loop planning {@code query} as {@link Planner#plan(ParquetFile, BoundQuery, long, Planner.DictionarySource)}. */
    public static PlanLoop of(ParquetFile file, BoundQuery query, long coalesceGap,
            Planner.DictionarySource dictionaries) {
        return new PlanLoop(file, query, coalesceGap, dictionaries);
    }

    /**
     * The next bytes the planner needs (the first round always, perhaps empty), or the plan; after
     * {@link Done}, the same plan again.
     */
    public Next next() throws IOException {
        switch (state) {
            case INDEXES -> {
                state = State.PLAN;
                return new NeedsData("the Bloom filters and page indexes of the row groups the statistics leave undecided",
                        Planner.indexesToConsult(file, query));
            }
            case PLAN -> {
                plan = Planner.plan(file, query, coalesceGap, dictionaries);
                state = State.DONE;
                return new Done(plan);
            }
            default -> {
                return new Done(plan);
            }
        }
    }
}
