package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scan --format arrow}: the IPC stream it writes, read back by Arrow Java's own
 * {@link ArrowStreamReader}, holds DuckDB's rows for the same query (columns by name, in DuckDB's
 * order, values row by row); a terminal is refused, a closed pipe ends quietly, an output that
 * cannot be written is named, and a failed scan leaves no file behind.
 */
class ArrowCliTest {
    @TempDir
    Path dir;

    private final BooleanSupplier terminal = ScanCommand.stdoutIsTerminal;
    private final Supplier<OutputStream> stdout = ScanCommand.stdoutBytes;

    @AfterEach
    void restore() {
        ScanCommand.stdoutIsTerminal = terminal;
        ScanCommand.stdoutBytes = stdout;
    }

    /** The rows of an Arrow stream (column names first), values as text; the allocator must end empty. */
    static List<List<String>> read(InputStream in) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        try (BufferAllocator a = new RootAllocator()) {
            try (ArrowStreamReader r = new ArrowStreamReader(in, a)) {
                VectorSchemaRoot root = r.getVectorSchemaRoot();
                rows.add(root.getSchema().getFields().stream().map(Field::getName).toList());
                while (r.loadNextBatch()) {
                    for (int i = 0; i < root.getRowCount(); i++) {
                        List<String> row = new ArrayList<>();
                        for (FieldVector v : root.getFieldVectors()) {
                            var enc = v.getField().getDictionary();
                            // a dictionary-encoded column: its index resolved in the stream's dictionary
                            Object o = enc == null || v.isNull(i) ? v.getObject(i)
                                    : r.lookup(enc.getId()).getVector().getObject(
                                            ((org.apache.arrow.vector.IntVector) v).get(i));
                            row.add(o == null ? null : o.toString()); // Text, Long: their text
                        }
                        rows.add(row);
                    }
                }
            }
            assertThat(a.getAllocatedMemory()).isZero();
        }
        return rows;
    }

    /** DuckDB's rows for the same query, column names first, values as text. */
    static List<List<String>> duck(String columns, String where) throws Exception {
        String sql = "SELECT " + columns + " FROM read_parquet('" + Cli.SORTED + "')"
                + (where == null ? "" : " WHERE " + where);
        List<List<String>> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            List<String> names = new ArrayList<>();
            for (int k = 1; k <= md.getColumnCount(); k++) {
                names.add(md.getColumnName(k));
            }
            rows.add(names);
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int k = 1; k <= md.getColumnCount(); k++) {
                    Object o = rs.getObject(k);
                    row.add(o == null ? null : o.toString());
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private Cli.Result scanTo(Path out, String... rest) {
        List<String> args = new ArrayList<>(List.of("--format", "arrow", "--output", out.toString()));
        args.addAll(List.of(rest));
        return Cli.run(Cli.SORTED, "scan", args.toArray(String[]::new));
    }

    @Test
    void theFileHoldsDuckDbsRows() throws Exception {
        // {where, --select, DuckDB's columns (schema order, as Arrow C++ reads a projection)}
        String[][] cases = {
            {null, null, "*"},
            {"order_id BETWEEN 100 AND 130", null, "*"},
            {"country = 'SE' OR amount_cents < 2000", "amount_cents,country", "country, amount_cents"},
            {"country IS NULL", "country", "country"},
            {"customer_id = 612176", "order_id", "order_id"},
            {"order_id < 0", null, "*"},
        };
        for (String[] c : cases) {
            Path out = dir.resolve("rows.arrows");
            List<String> rest = new ArrayList<>();
            if (c[0] != null) {
                rest.addAll(List.of("--where", c[0]));
            }
            if (c[1] != null) {
                rest.addAll(List.of("--select", c[1]));
            }
            Cli.Result r = scanTo(out, rest.toArray(String[]::new));
            assertThat(r.exit()).as(r.toString()).isZero();
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).isEmpty();
            List<List<String>> ours;
            try (InputStream in = Files.newInputStream(out)) {
                ours = read(in);
            }
            List<List<String>> theirs = duck(c[2], c[0]);
            assertThat(ours).as(String.join(" | ", String.valueOf(c[0]), String.valueOf(c[1]))).isEqualTo(theirs);
            Files.delete(out);
        }
        assertThat(duck("*", null)).hasSize(801); // the judge sees the whole file: 800 rows and the names
    }

    @Test
    void dictionaryVectorsHoldDuckDbsRows() throws Exception {
        String[][] cases = {{null, "*"}, {"country = 'SE' OR amount_cents < 2000", "*"}, {"country IS NULL", "*"}};
        for (String[] c : cases) {
            Path out = dir.resolve("dict.arrows");
            Cli.Result r = c[0] == null ? scanTo(out, "--arrow-dictionary")
                    : scanTo(out, "--arrow-dictionary", "--where", c[0]);
            assertThat(r.exit()).as(r.toString()).isZero();
            try (InputStream in = Files.newInputStream(out)) {
                assertThat(read(in)).as(String.valueOf(c[0])).isEqualTo(duck(c[1], c[0]));
            }
            try (BufferAllocator a = new RootAllocator();
                    ArrowStreamReader back = new ArrowStreamReader(Files.newInputStream(out), a)) {
                assertThat(back.getVectorSchemaRoot().getSchema().findField("country").getDictionary())
                        .as("country, dictionary-encoded in the file, is a dictionary vector").isNotNull();
                assertThat(back.getVectorSchemaRoot().getSchema().findField("order_id").getDictionary()).isNull();
            }
            Files.delete(out);
        }
        Cli.Result csv = Cli.run(Cli.SORTED, "scan", "--format", "csv", "--arrow-dictionary");
        assertThat(csv.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(csv.errLines()).singleElement().asString().contains("--arrow-dictionary is for --format arrow");
    }

    @Test
    void standardOutputGetsTheSameStreamAndStatsGoToStderr() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ScanCommand.stdoutIsTerminal = () -> false;
        ScanCommand.stdoutBytes = () -> bytes;
        Cli.Result r = Cli.run(Cli.SORTED, "scan", "--format", "arrow", "--where", "amount_cents > 9800",
                "--limit", "3", "--stats");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("rows returned:       3 of 800");
        List<List<String>> theirs = duck("*", "amount_cents > 9800");
        assertThat(read(new ByteArrayInputStream(bytes.toByteArray()))).isEqualTo(theirs.subList(0, 4));
    }

    @Test
    void aTerminalIsRefusedInOneLine() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ScanCommand.stdoutIsTerminal = () -> true;
        ScanCommand.stdoutBytes = () -> bytes;
        Cli.Result r = Cli.run(Cli.SORTED, "scan", "--format", "arrow");
        assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.errLines()).singleElement().asString().startsWith("pqlab: ").contains("--output", "pipe");
        assertThat(bytes.size()).isZero();
        // a file is fine from a terminal
        Path out = dir.resolve("t.arrows");
        assertThat(scanTo(out).exit()).isZero();
        assertThat(out).isNotEmptyFile();
    }

    @Test
    void aClosedPipeEndsQuietly() {
        ScanCommand.stdoutIsTerminal = () -> false;
        ScanCommand.stdoutBytes = () -> new Main.Output(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        });
        Cli.Result r = Cli.run(Cli.SORTED, "scan", "--format", "arrow");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        Cli.Result s = Cli.run(Cli.SORTED, "scan", "--format", "arrow", "--stats");
        assertThat(s.exit()).as(s.toString()).isZero();
        assertThat(s.err()).contains("rows returned:");
    }

    @Test
    void anOutputThatCannotBeWrittenIsNamed() {
        Path out = dir.resolve("no-such-dir").resolve("x.arrows");
        Cli.Result r = scanTo(out);
        assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.errLines()).singleElement().asString()
                .startsWith("pqlab: cannot write " + out).contains("no such directory");
    }

    @Test
    void aFailedScanLeavesNoFileAndMisusedOptionsAreRefused() {
        Path out = dir.resolve("bad.arrows");
        Cli.Result r = scanTo(out, "--where", "no_such_column = 1");
        assertThat(r.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.errLines()).hasSize(1);
        assertThat(out).doesNotExist();
        Cli.Result csv = Cli.run(Cli.SORTED, "scan", "--format", "csv", "--output", out.toString());
        assertThat(csv.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(csv.errLines()).singleElement().asString().contains("--output is for --format arrow");
        Cli.Result rn = scanTo(out, "--row-numbers");
        assertThat(rn.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(rn.errLines()).singleElement().asString().contains("--row-numbers");
        assertThat(out).doesNotExist();
    }
}
