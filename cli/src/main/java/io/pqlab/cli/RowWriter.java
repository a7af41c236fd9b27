package io.pqlab.cli;

import io.pqlab.internal.assembly.FieldReader;
import io.pqlab.internal.assembly.JsonToken;
import io.pqlab.internal.assembly.LeafConverter;
import io.pqlab.internal.assembly.NestedJson;
import io.pqlab.internal.assembly.OutputFields;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.ValueFormat;
import io.pqlab.scan.RowBatch;
import io.pqlab.schema.ColumnDescriptor;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of {@code pqlab scan}, in one of three formats, batch after batch. What holds in every
 * format: null is never the same as the string "null" (table: {@code NULL} bare, and a string that
 * could be read as NULL, or that starts with a quote, in single quotes; csv: an empty field for
 * null, {@code ""} for the empty string; jsonl: {@code null} and {@code "null"}); binary without an
 * annotation is hex ({@code 0x…}) unless {@code --binary-as-string}; integers and decimals in JSON
 * are numbers with every digit written, never rounded through a double.
 *
 * <p>Rows are printed by field ({@link OutputFields}): a flat leaf from its column, anything
 * nested assembled from its leaves' levels, so that null list, empty list, null element, null
 * struct and struct of nulls all differ: jsonl as JSON (structs as objects, lists as arrays with
 * their nulls, maps as objects where keys are strings, else as [key, value] pairs), csv with that
 * JSON as the field's text, the table compactly ({@link NestedJson#text}).
 */
final class RowWriter {
    /** Rows a table looks at to choose its column widths; later rows keep them. */
    static final int TABLE_SAMPLE = 1000;

    /** arrow is written by the Arrow scan (ScanCommand), never by a RowWriter. */
    enum Format { table, csv, jsonl, arrow }

    private final PrintWriter out;
    private final Format format;
    private final List<OutputFields.Field> fields;
    private final int[] column; // a flat field's batch column, -1 for a nested one
    private final FieldReader[] readers; // a nested field's reader, else null
    private final ColumnType[] types; // a flat field's type
    private final byte[][] constant; // for a dataset: a field the file does not store (partition value, or null)
    private final boolean[] widen; // for a dataset: the file stores the field narrower (INT32, FLOAT)
    private final boolean binaryAsString;
    private final List<String[]> sample = new ArrayList<>();
    private int[] width; // the table's, once chosen
    private boolean started;
    private long rows;

    /**
     * @param fields what to print
     * @param cols the scan's columns, as its batches number them
     */
    RowWriter(PrintWriter out, Format format, List<OutputFields.Field> fields, List<ColumnDescriptor> cols,
            boolean binaryAsString) {
        if (format == Format.arrow) {
            throw new IllegalArgumentException("Arrow is written by ArrowScan, not as text rows");
        }
        this.out = out;
        this.format = format;
        this.fields = fields;
        this.binaryAsString = binaryAsString;
        this.column = new int[fields.size()];
        this.readers = new FieldReader[fields.size()];
        this.types = new ColumnType[fields.size()];
        this.constant = cols == null ? new byte[fields.size()][] : null;
        this.widen = new boolean[fields.size()];
        for (int f = 0; f < fields.size(); f++) {
            column[f] = -1;
            if (cols == null) {
                types[f] = ColumnType.of(((OutputFields.Flat) fields.get(f)).column());
            } else if (fields.get(f) instanceof OutputFields.Flat flat) {
                for (int c = 0; c < cols.size() && column[f] < 0; c++) {
                    if (cols.get(c).index() == flat.column().index()) {
                        column[f] = c;
                    }
                }
                if (column[f] < 0) {
                    throw new IllegalArgumentException(flat.name() + " is not among the scan's columns");
                }
                types[f] = ColumnType.of(flat.column());
            } else {
                OutputFields.Nested n = (OutputFields.Nested) fields.get(f);
                readers[f] = FieldReader.of(n.name(), n.shape(), cols, this::leafConverter);
            }
        }
    }

    /**
     * For a dataset: flat fields of the merged schema and the partition columns, bound to each
     * file's columns by {@link #file} before its batches are written.
     */
    static RowWriter forDataset(PrintWriter out, Format format, List<OutputFields.Field> fields, boolean binaryAsString) {
        return new RowWriter(out, format, fields, null, binaryAsString);
    }

    /**
     * The next file's batches: its columns as they number them, and the values of the fields it
     * does not store (by name; a field in neither is null in its every row).
     */
    void file(List<ColumnDescriptor> cols, java.util.Map<String, byte[]> constants) {
        for (int f = 0; f < fields.size(); f++) {
            OutputFields.Flat flat = (OutputFields.Flat) fields.get(f);
            column[f] = -1;
            constant[f] = constants.get(flat.name());
            widen[f] = false;
            for (int c = 0; c < cols.size() && column[f] < 0 && !constants.containsKey(flat.name()); c++) {
                if (cols.get(c).dottedPath().equals(flat.column().dottedPath())) {
                    column[f] = c;
                    widen[f] = cols.get(c).type() != flat.column().type();
                }
            }
        }
    }

    /** A flat field's PLAIN value in its output type, null for null. */
    private byte[] plain(RowBatch b, int f, int i) {
        if (column[f] < 0) {
            return constant[f];
        }
        byte[] v = b.plain(column[f], i);
        if (v == null || !widen[f]) {
            return v;
        }
        ByteBuffer in = ByteBuffer.wrap(v).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        ByteBuffer w = ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        // the only widenings a dataset applies: INT32 to INT64, FLOAT to DOUBLE (both exact)
        return (types[f].physical() == io.pqlab.schema.PhysicalType.DOUBLE
                ? w.putDouble(in.getFloat(0)) : w.putLong(in.getInt(0))).array();
    }

    /** Nested leaves as their JSON tokens; unannotated binary as text under --binary-as-string. */
    private LeafConverter leafConverter(ColumnDescriptor c) {
        if (binaryAsString && unannotatedBinary(ColumnType.of(c))) {
            return (page, v) -> {
                String s = utf8(page.binaries().get(v));
                return new JsonToken(s != null ? ValueFormat.jsonString(s) : page.json(v));
            };
        }
        return JsonToken.CONVERTER;
    }

    private String header(int f) {
        return fields.get(f).name();
    }

    private List<String> headers() {
        return fields.stream().map(OutputFields.Field::name).toList();
    }

    void write(RowBatch b) {
        if (!started && format == Format.csv) {
            out.println(String.join(",", headers().stream().map(RowWriter::csvCell).toList()));
        }
        started = true;
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < b.size(); i++) {
            rows++;
            switch (format) {
                case csv -> out.println(csvLine(b, i, line));
                case jsonl -> out.println(jsonLine(b, i, line));
                case table -> tableRow(b, i);
            }
        }
    }

    /** Ends the output: a table's sampled rows, or, where no row matched, what would have been. */
    void finish() {
        if (format == Format.table) {
            if (width == null && !sample.isEmpty()) {
                flushSample();
            } else if (rows == 0) {
                out.println("(no rows match)");
            }
        } else if (format == Format.csv && !started) {
            out.println(String.join(",", headers().stream().map(RowWriter::csvCell).toList()));
        }
    }

    // ---- values ---------------------------------------------------------------------------------

    private boolean flat(int f) {
        return readers[f] == null;
    }

    /** A nested field's value (NestedValue with JSON-token leaves, or null). */
    private Object nested(RowBatch b, int f, int i) {
        return readers[f].read(b, i);
    }

    /** Whether values of this type are bytes with no meaning given: the ones --binary-as-string reads as text. */
    static boolean unannotatedBinary(ColumnType t) {
        return t.logical() == null && t.converted() == null
                && (t.physical() == io.pqlab.schema.PhysicalType.BYTE_ARRAY
                        || t.physical() == io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY);
    }

    /** A flat value as text, null for null. */
    private String text(RowBatch b, int f, int i) {
        byte[] v = plain(b, f, i);
        if (v == null) {
            return null;
        }
        if (binaryAsString && unannotatedBinary(types[f])) {
            String s = utf8(v);
            if (s != null) {
                return s;
            }
        }
        return ValueFormat.format(v, types[f]);
    }

    /** Whether the flat value is a string in every output (quoted in JSON, quotable in the table). */
    private boolean isString(int c) {
        return types[c].isText() || binaryAsString && unannotatedBinary(types[c]);
    }

    private static String utf8(byte[] v) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(v)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    // ---- csv ------------------------------------------------------------------------------------

    private String csvLine(RowBatch b, int i, StringBuilder line) {
        line.setLength(0);
        for (int c = 0; c < fields.size(); c++) {
            if (c > 0) {
                line.append(',');
            }
            String s;
            if (flat(c)) {
                s = text(b, c, i);
            } else {
                Object v = nested(b, c, i);
                s = v == null ? null : NestedJson.json(v, readers[c].shape());
            }
            if (s != null) { // null: an empty field; the empty string: ""
                line.append(csvCell(s));
            }
        }
        return line.toString();
    }

    static String csvCell(String s) {
        if (s.isEmpty() || s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    // ---- jsonl ----------------------------------------------------------------------------------

    private String jsonLine(RowBatch b, int i, StringBuilder line) {
        line.setLength(0);
        line.append('{');
        for (int c = 0; c < fields.size(); c++) {
            if (c > 0) {
                line.append(", ");
            }
            line.append(ValueFormat.jsonString(header(c))).append(": ");
            if (!flat(c)) {
                NestedJson.append(line, nested(b, c, i), readers[c].shape());
            } else if (binaryAsString && unannotatedBinary(types[c])) {
                String s = text(b, c, i);
                line.append(s == null ? "null" : ValueFormat.jsonString(s));
            } else {
                line.append(ValueFormat.json(plain(b, c, i), types[c]));
            }
        }
        return line.append('}').toString();
    }

    // ---- table ----------------------------------------------------------------------------------

    /** NULL bare; a string that reads as NULL or starts with a quote, quoted as SQL quotes it. */
    private String tableCell(RowBatch b, int c, int i) {
        if (!flat(c)) {
            return Table.oneLine(NestedJson.text(nested(b, c, i), readers[c].shape()));
        }
        String s = text(b, c, i);
        if (s == null) {
            return "NULL";
        }
        if (isString(c) && (s.equalsIgnoreCase("null") || s.startsWith("'"))) {
            s = "'" + s.replace("'", "''") + "'";
        }
        return Table.oneLine(s);
    }

    private void tableRow(RowBatch b, int i) {
        String[] cells = new String[fields.size()];
        for (int c = 0; c < cells.length; c++) {
            cells[c] = tableCell(b, c, i);
        }
        if (width != null) {
            line(cells);
            return;
        }
        sample.add(cells);
        if (sample.size() >= TABLE_SAMPLE) {
            flushSample();
        }
    }

    /**
     * Chooses the widths from the header and the rows seen so far, then prints them. The widths
     * then hold for the whole output; a later, wider value is cut and ends in '…' (csv and jsonl
     * have every value whole).
     */
    private void flushSample() {
        width = new int[fields.size()];
        String[] head = new String[fields.size()];
        for (int c = 0; c < head.length; c++) {
            head[c] = Table.oneLine(header(c));
            width[c] = Width.of(head[c]);
        }
        for (String[] r : sample) {
            for (int c = 0; c < r.length; c++) {
                width[c] = Math.max(width[c], Width.of(r[c]));
            }
        }
        line(head);
        for (String[] r : sample) {
            line(r);
        }
        sample.clear();
    }

    private boolean rightAligned(int c) {
        if (!flat(c)) {
            return false;
        }
        ColumnType t = types[c];
        if (t.isDecimal()) {
            return true;
        }
        return switch (t.physical()) {
            case INT32, INT64, FLOAT, DOUBLE -> !t.isDate() && t.timeUnit() == null && t.timestampUnit() == null;
            default -> false;
        };
    }

    private void line(String[] cells) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) {
                sb.append("  ");
            }
            String s = Width.cut(cells[c], width[c]);
            int pad = width[c] - Width.of(s);
            if (rightAligned(c)) {
                sb.append(" ".repeat(pad)).append(s);
            } else {
                sb.append(s);
                if (c < cells.length - 1) {
                    sb.append(" ".repeat(pad));
                }
            }
        }
        out.println(sb.toString().stripTrailing());
    }
}
