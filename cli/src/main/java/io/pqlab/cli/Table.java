package io.pqlab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table: a header row and aligned columns, numbers to the right. Cells are printed as
 * given; a cell is never cut, so a long reason widens its column (put such columns last).
 */
final class Table {
    private final String[] headers;
    private final boolean[] right;
    private final List<String[]> rows = new ArrayList<>();

    /** Headers; a header starting with '>' is right-aligned (the '>' is not printed). */
    Table(String... headers) {
        this.headers = new String[headers.length];
        this.right = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            right[i] = headers[i].startsWith(">");
            this.headers[i] = right[i] ? headers[i].substring(1) : headers[i];
        }
    }

    Table row(Object... cells) {
        if (cells.length != headers.length) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.length + " columns");
        }
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = cells[i] == null ? "-" : oneLine(cells[i].toString());
        }
        rows.add(r);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out, String indent) {
        print(out, indent, true);
    }

    /** The rows without the header line: for lists of fields and values. */
    void printRows(PrintWriter out, String indent) {
        print(out, indent, false);
    }

    private void print(PrintWriter out, String indent, boolean header) {
        int[] width = new int[headers.length];
        for (int i = 0; i < headers.length; i++) {
            width[i] = header ? Width.of(headers[i]) : 0;
        }
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], Width.of(r[i]));
            }
        }
        if (header) {
            line(out, indent, headers, width);
        }
        for (String[] r : rows) {
            line(out, indent, r, width);
        }
    }

    private void line(PrintWriter out, String indent, String[] cells, int[] width) {
        StringBuilder sb = new StringBuilder(indent);
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                sb.append("  ");
            }
            int pad = width[i] - Width.of(cells[i]);
            boolean last = i == cells.length - 1;
            if (right[i]) {
                sb.append(" ".repeat(pad)).append(cells[i]);
            } else {
                sb.append(cells[i]);
                if (!last) {
                    sb.append(" ".repeat(pad));
                }
            }
        }
        out.println(sb.toString().stripTrailing());
    }

    /** Values from a file may hold newlines or control characters: keep every row on one line. */
    static String oneLine(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c)) {
                if (sb == null) {
                    sb = new StringBuilder(s.substring(0, i));
                }
                sb.append(c == '\n' ? "\\n" : c == '\t' ? "\\t" : String.format("\\u%04x", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }
}
