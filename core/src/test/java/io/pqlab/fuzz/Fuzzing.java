package io.pqlab.fuzz;

/**
 * Settings shared by the fuzz targets.
 *
 * <p>In a normal test run ({@code mvn verify}) each {@code @FuzzTest} only replays its committed
 * seeds and past findings (Jazzer's regression mode), in the "fuzz" surefire execution with a
 * 256 MiB heap. To fuzz one target for real (findings land in the target's inputs directory as
 * {@code crash-*} files and replay from then on):
 *
 * <pre>
 * mvn -B -ntp -q -pl core -am test-compile
 * cd core &amp;&amp; JAZZER_FUZZ=1 mvn -B -ntp surefire:test@fuzz -Dtest='FileFuzzTest#file' \
 *     -Djazzer.max_duration=30m -Djunit.jupiter.execution.timeout.mode=disabled \
 *     -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-max_len=16384
 * </pre>
 *
 * JUnit's timeout is switched off because the whole fuzzing session is one test invocation
 * (Jazzer still hands the per-input {@link #TIMEOUT_SECONDS} to libFuzzer); the two
 * {@code jazzer.internal.arg} properties lift libFuzzer's default 4 KiB input size, which whole
 * files exceed. Only one target fuzzes per run; do not rebuild the worktree while one runs. The
 * corpus it grows lands in core/.cifuzz-corpus (ignored by git).
 */
final class Fuzzing {
    private Fuzzing() {}

    /** How long one target fuzzes when JAZZER_FUZZ is set (-Djazzer.max_duration overrides it). */
    static final String DURATION = "5m";

    /** Per input: a parse of a few kilobytes that takes longer has hung. */
    static final long TIMEOUT_SECONDS = 10;

    /** The decompressor's cap in the targets: what a reader in a 256 MiB heap could afford. */
    static final int MAX_PAGE = 16 << 20;
}
