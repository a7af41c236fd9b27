package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 5: the whole CLI works under {@code -Xmx256m} on every fixture and every bad file. The
 * shaded jar (built by {@code package}; this runs after it) runs in JVMs with a 256 MiB heap:
 * footer, schema, pages, page-index, statistics, skipping and scan on each file, the dataset
 * commands, and a scan of each file that must be refused, many commands to a JVM ({@link
 * SmallHeapDriver}); and the real {@code java -jar} command line once for each kind of command
 * (a dataset's, a bad file's, an encrypted file's, a file over the limits). Each command ends in
 * exit 0 with nothing on stderr, or exit 2 with exactly one stderr line starting "pqlab: ", within
 * seconds; never an OutOfMemoryError (which would be exit 1) nor a stack trace.
 */
class SmallHeapIT {
    static final String HEAP = "-Xmx256m";
    /** A command that takes longer has not ended "within seconds". */
    static final long COMMAND_MS = 10_000;

    static Path jar() {
        Path jar = Path.of("target", "pqlab.jar");
        assertThat(jar).as("the shaded jar (mvn package builds it)").exists();
        return jar;
    }

    static List<Path> files() {
        List<Path> files = new ArrayList<>(Cli.fixtures());
        files.addAll(Cli.list(Cli.DATA, ".parquet.encrypted"));
        files.addAll(Cli.badFiles());
        return files;
    }

    record Run(String command, int exit, long ms, String err) {
        @Override
        public String toString() {
            return command + ": exit " + exit + " in " + ms + " ms, stderr: " + err;
        }
    }

    @Test
    void everyCommandOnEveryFileInA256MiBHeap() throws Exception {
        List<Path> files = files();
        // two JVMs (two cores), the files dealt between them
        List<List<List<String>>> halves = List.of(new ArrayList<>(), new ArrayList<>());
        for (int i = 0; i < files.size(); i++) {
            halves.get(i % 2).addAll(SmallHeapDriver.commands(files.get(i)));
        }
        List<Run> runs = drive(halves);
        assertThat(runs).hasSize(files.size() * SmallHeapDriver.commands(files.get(0)).size());
        List<String> wrong = new ArrayList<>();
        for (Run r : runs) {
            String problem = problem(r.exit, r.err, r.ms);
            if (problem != null) {
                wrong.add(problem + ": " + r);
            }
        }
        assertThat(wrong).as("commands that did not end cleanly in a 256 MiB heap").isEmpty();
        System.out.printf("small heap: %d commands on %d files, the slowest %d ms%n", runs.size(), files.size(),
                runs.stream().mapToLong(Run::ms).max().getAsLong());
    }

    /**
     * Runs each list of commands in a driver JVM of its own (the JVMs side by side); the runs of
     * every JVM, in order.
     */
    static List<Run> drive(List<List<List<String>>> perJvm) throws Exception {
        List<Process> procs = new ArrayList<>();
        List<Path> ins = new ArrayList<>();
        List<Path> outs = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        try {
            for (List<List<String>> commands : perJvm) {
                // one command a line, its arguments split on tabs: an argument holding either would
                // arrive as another command, which a clean refusal would then pass
                for (List<String> c : commands) {
                    assertThat(c).as("an argument the driver's file cannot carry")
                            .noneMatch(a -> a.contains("\t") || a.contains("\n"));
                }
                Path in = Files.createTempFile("pqlab-small-heap", ".commands");
                ins.add(in);
                Files.write(in, commands.stream().map(c -> String.join("\t", c)).toList(), StandardCharsets.UTF_8);
                Path out = Files.createTempFile("pqlab-small-heap", ".tsv");
                outs.add(out);
                List<String> cmd = List.of(java(), HEAP, "-XX:TieredStopAtLevel=1", "-cp",
                        jar() + File.pathSeparator + Path.of("target", "test-classes"),
                        SmallHeapDriver.class.getName(), in.toString());
                procs.add(new ProcessBuilder(cmd).redirectOutput(out.toFile())
                        .redirectError(ProcessBuilder.Redirect.appendTo(err(out).toFile())).start());
            }
            for (int i = 0; i < procs.size(); i++) {
                Process p = procs.get(i);
                if (!p.waitFor(3, TimeUnit.MINUTES)) {
                    p.destroyForcibly();
                    throw new AssertionError("the driver did not finish in 3 minutes: " + Files.readString(outs.get(i)));
                }
                Path errFile = err(outs.get(i));
                assertThat(p.exitValue()).as("driver: %s", Files.readString(errFile)).isZero();
                assertThat(Files.readString(errFile)).as("the driver JVM's own stderr").isEmpty();
                List<String> lines = Files.readAllLines(outs.get(i), StandardCharsets.UTF_8);
                assertThat(lines).as("a line for each command").hasSameSizeAs(perJvm.get(i));
                for (int k = 0; k < lines.size(); k++) {
                    String[] f = lines.get(k).split("\t", -1);
                    assertThat(f[0]).as("the command the driver ran").isEqualTo(String.join(" ", perJvm.get(i).get(k)));
                    runs.add(new Run(f[0], Integer.parseInt(f[1]), Long.parseLong(f[2]),
                            f[3].replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\")));
                }
            }
        } finally {
            for (Process p : procs) {
                p.destroyForcibly();
            }
            for (int i = 0; i < outs.size(); i++) {
                Files.deleteIfExists(err(outs.get(i)));
                Files.deleteIfExists(outs.get(i));
            }
            for (Path in : ins) {
                Files.deleteIfExists(in);
            }
        }
        return runs;
    }

    private static Path err(Path out) {
        return out.resolveSibling(out.getFileName() + ".err");
    }

    /** The real command line, {@code java -jar} in a JVM of its own: its exit code and stderr. */
    static Run jarRun(List<String> command, long timeoutSeconds) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java(), HEAP, "-XX:TieredStopAtLevel=1", "-jar", jar().toString()));
        cmd.addAll(command);
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        long t0 = System.nanoTime();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not end in " + timeoutSeconds + " s");
        }
        return new Run(String.join(" ", command), p.exitValue(), (System.nanoTime() - t0) / 1_000_000, err);
    }

    /**
     * Every command that takes a dataset, on a hive layout of the orders fixtures: all in one driver
     * JVM, and a scan with a condition by the real command line.
     */
    @Test
    void datasetCommandsEndCleanly(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path fixtures = Path.of("..", "fixtures");
        int n = 0;
        for (String year : List.of("2024", "2025")) {
            for (String region : List.of("eu", "us")) {
                Path d = Files.createDirectories(dir.resolve("year=" + year).resolve("region=" + region));
                Files.copy(fixtures.resolve(n++ % 2 == 0 ? "pruning-sorted.parquet" : "pruning-shuffled.parquet"),
                        d.resolve("part-0.parquet"));
            }
        }
        String t = dir.toString();
        String where = "year = 2025 AND order_id BETWEEN 100 AND 300";
        List<List<String>> commands = List.of(List.of("footer", t), List.of("schema", t),
                List.of("skipping", t, "--where", where), List.of("skipping", t, "--where", where, "--json"),
                List.of("scan", t), List.of("scan", t, "--where", where, "--format", "csv"),
                List.of("requests", t, "--where", where), List.of("scan", t + "/**/*.parquet", "--limit", "5"));
        List<Run> runs = new ArrayList<>(drive(List.of(commands)));
        runs.add(jarRun(commands.get(5), 60));
        for (Run r : runs) {
            assertThat(r.exit).as("%s", r).isZero();
            assertThat(problem(r.exit, r.err, r.ms)).as("%s", r).isNull();
        }
    }

    /**
     * A scan of each file some command refuses: all in one driver JVM, and by the real command line
     * the first bad file, the first encrypted one and the one over the limits.
     */
    @Test
    void theJarRefusesBadFilesInOneLine() throws Exception {
        List<Path> bad = Cli.badFiles();
        List<Path> encrypted = Cli.list(Cli.DATA, ".parquet.encrypted");
        Path large = Cli.DATA.resolve("large_string_map.brotli.parquet");
        List<Path> files = new ArrayList<>(bad);
        files.addAll(encrypted);
        files.add(large);
        List<Run> runs = new ArrayList<>(drive(List.of(files.stream().map(f -> List.of("scan", f.toString())).toList())));
        List<Path> real = List.of(bad.get(0), encrypted.get(0), large);
        for (Path f : real) {
            runs.add(jarRun(List.of("scan", f.toString()), 30));
        }
        List<Path> expected = new ArrayList<>(files);
        expected.addAll(real);
        assertThat(runs).hasSameSizeAs(expected);
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            assertThat(r.command).isEqualTo("scan " + expected.get(i));
            assertThat(r.exit).as("%s", r).isEqualTo(2);
            assertThat(problem(r.exit, r.err, r.ms)).as("%s", r).isNull();
            assertThat(r.err).startsWith("pqlab: " + expected.get(i) + ": ");
        }
    }

    /** Null when a run ended cleanly; else what is wrong. */
    static String problem(int exit, String err, long ms) {
        if (ms > COMMAND_MS) {
            return "took " + ms + " ms";
        }
        if (err.contains("Exception") || err.contains("\tat ") || err.contains("Error:")) {
            return "a stack trace or an exception's name on stderr";
        }
        if (exit == 0) {
            return err.isEmpty() ? null : "exit 0 with something on stderr";
        }
        if (exit != 2) {
            return "exit " + exit;
        }
        List<String> lines = err.lines().toList();
        if (lines.size() != 1 || !lines.get(0).startsWith("pqlab: ")) {
            return "not exactly one stderr line starting \"pqlab: \"";
        }
        return null;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
