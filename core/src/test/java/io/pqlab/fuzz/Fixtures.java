package io.pqlab.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The small fixtures the targets build on, in a fixed order (a seed names one by its index). */
final class Fixtures {
    private Fixtures() {}

    static final Path DATA = io.pqlab.fixtures.Fixtures.DATA;
    /** Larger files make slow fuzz inputs. */
    static final long MAX_SIZE = 16 * 1024;

    /** The .parquet fixtures of at most {@link #MAX_SIZE} bytes, sorted by name. */
    static final List<Path> SMALL = list();

    private static List<Path> list() {
        try (Stream<Path> files = Files.list(DATA)) {
            List<Path> out = new ArrayList<>();
            for (Path p : files.sorted().toList()) {
                if (p.getFileName().toString().endsWith(".parquet") && Files.size(p) <= MAX_SIZE) {
                    out.add(p);
                }
            }
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
