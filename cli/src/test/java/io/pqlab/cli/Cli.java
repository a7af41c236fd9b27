package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqlab.fixtures.Fixtures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Runs the command in-process, and finds the fixtures (tests run with working directory cli/). */
final class Cli {
    static final Path FIXTURES = Fixtures.ROOT;
    static final Path DATA = Fixtures.DATA;
    static final Path BAD = Fixtures.BAD_DATA;
    static final Path SORTED = Fixtures.SORTED;
    static final Path SHUFFLED = Fixtures.SHUFFLED;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Cli() {}

    /** What one run gave. */
    record Result(int exit, String out, String err) {
        List<String> errLines() {
            return err.isEmpty() ? List.of() : err.lines().toList();
        }

        /** stdout parsed as JSON (fails the test if it is not valid JSON). */
        JsonNode json() {
            try {
                return MAPPER.readTree(out);
            } catch (IOException e) {
                throw new AssertionError("not valid JSON: " + e.getMessage() + "\n" + out, e);
            }
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }

    static Result run(Path file, String command, String... rest) {
        String[] args = new String[rest.length + 2];
        args[0] = command;
        args[1] = file.toString();
        System.arraycopy(rest, 0, args, 2, rest.length);
        return run(args);
    }

    /** Runs with --json, checks exit 0, and parses the output. */
    static JsonNode json(Path file, String command, String... rest) {
        String[] args = new String[rest.length + 1];
        System.arraycopy(rest, 0, args, 0, rest.length);
        args[rest.length] = "--json";
        Result r = run(file, command, args);
        if (r.exit() != 0) {
            throw new AssertionError(command + " " + file + " " + String.join(" ", rest) + ": " + r);
        }
        return r.json();
    }

    /** The two pruning fixtures and every parquet-testing data file. */
    static List<Path> fixtures() {
        List<Path> out = new ArrayList<>(List.of(SORTED, SHUFFLED));
        out.addAll(list(DATA, ".parquet"));
        return out;
    }

    static List<Path> badFiles() {
        return list(BAD, ".parquet");
    }

    static List<Path> list(Path dir, String suffix) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
