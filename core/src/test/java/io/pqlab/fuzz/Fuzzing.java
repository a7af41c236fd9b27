package io.pqlab.fuzz;

/**
 * Settings shared by the fuzz targets.
 *
 * <p>In a normal test run ({@code mvn verify}) each {@code @FuzzTest} only replays its committed
 * seeds (Jazzer's regression mode), in the "fuzz" surefire execution with a 256 MiB heap. To fuzz
 * one target for real (from the repository root; findings land in the target's inputs directory
 * as {@code crash-*} files and replay from then on):
 *
 * <pre>
 * JAZZER_FUZZ=1 mvn -B -ntp -pl core -am test -Dtest='ThriftFuzzTest#metadata' \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Djazzer.max_duration=10m
 * </pre>
 *
 * Only one target can fuzz per run. The corpus it grows lands in core/.cifuzz-corpus (ignored
 * by git); copy inputs worth keeping into the inputs directory.
 */
final class Fuzzing {
    private Fuzzing() {}

    /** How long one target fuzzes when JAZZER_FUZZ is set (the -Djazzer.max_duration property overrides it). */
    static final String DURATION = "5m";

    /** Per input: a parse of a few kilobytes that takes longer has hung. */
    static final long TIMEOUT_SECONDS = 10;

    /** The decompressor's cap in the targets: what a reader in a 256 MiB heap could afford. */
    static final int MAX_PAGE = 16 << 20;
}
