package io.pqlab.internal.plan;

import io.pqlab.ParquetFile;
import io.pqlab.internal.format.Registered;
import io.pqlab.scan.Scan;
import java.io.IOException;

/**
 * Opens a {@link Scan} of a bound query, for pqlab's own code (the network reader, the tests):
 * the scanner is not API, so {@code Scan} has no public constructor, and the public way in is
 * {@link ParquetFile#scan(io.pqlab.Query)}. {@code Scan} hands this class its opener when it is
 * initialised (the JDK's "shared secrets" pattern), so that no public method takes an internal
 * type.
 */
public final class Scans {
    /** Opens a scan: {@code Scan}'s, the only one. */
    public interface Opener {
        Scan open(ParquetFile file, BoundQuery query) throws IOException;
    }

    private static final Registered<Opener> OPENER = new Registered<>(Scan.class);

    private Scans() {}

    /** Called once, by {@code Scan}'s static initialiser. */
    public static void register(Opener o) {
        OPENER.set(o);
    }

    /** The rows of a bound query, as {@link ParquetFile#scan} returns them for a direct read. */
    public static Scan open(ParquetFile file, BoundQuery query) throws IOException {
        return OPENER.get().open(file, query);
    }
}
