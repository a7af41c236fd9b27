package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.schema.ColumnDescriptor;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs in a JVM of its own ({@link SmallHeapIT} starts it with {@code -Xmx256m} on the shaded
 * jar): each command of the file named (one a line, its arguments separated by tabs) through
 * {@link Main#run}, output discarded as a terminal would take it, stderr kept. Prints one
 * tab-separated line per command: the arguments (joined by spaces), the exit code, the
 * milliseconds taken and stderr (newlines as \n). One JVM for many commands rather than one per
 * command keeps the test short; the memory each command may use is the same.
 */
public final class SmallHeapDriver {
    private SmallHeapDriver() {}

    public static void main(String[] args) throws java.io.IOException {
        PrintWriter report = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        for (String line : java.nio.file.Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8)) {
            String[] command = line.split("\t", -1);
            StringWriter err = new StringWriter();
            long t0 = System.nanoTime();
            int exit = Main.run(command, new PrintWriter(OutputStream.nullOutputStream(), true),
                    new PrintWriter(err, true));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            report.println(String.join(" ", command) + "\t" + exit + "\t" + ms + "\t"
                    + err.toString().replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t"));
        }
        report.flush();
    }

    /**
     * footer, schema; pages, page-index and statistics of the first column; skipping and scan with a
     * condition on the first flat column (IS NOT NULL: every page of it decoded), and a scan of
     * everything. Where the file cannot be opened, the column commands name column 0 and the
     * condition a column that is not there: each must still end cleanly.
     */
    static List<List<String>> commands(Path file) {
        String f = file.toString();
        String condition = "\"no such column\" IS NOT NULL";
        try (ParquetFile pf = ParquetFile.open(file)) {
            for (ColumnDescriptor c : pf.schema().columns()) {
                if (c.maxRepetitionLevel() == 0) {
                    List<String> parts = new ArrayList<>();
                    c.path().forEach(n -> parts.add("\"" + n.replace("\"", "\"\"") + "\""));
                    condition = String.join(".", parts) + " IS NOT NULL";
                    break;
                }
            }
        } catch (Exception | OutOfMemoryError e) {
            // the commands below report it
        }
        List<List<String>> out = new ArrayList<>();
        out.add(List.of("footer", f));
        out.add(List.of("schema", f));
        out.add(List.of("pages", f, "0"));
        out.add(List.of("page-index", f, "0"));
        out.add(List.of("statistics", f, "0"));
        out.add(List.of("skipping", f, "--where", condition));
        out.add(List.of("scan", f, "--where", condition));
        out.add(List.of("scan", f));
        return out;
    }
}
