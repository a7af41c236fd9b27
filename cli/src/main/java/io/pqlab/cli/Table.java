package io.pqlab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A plain-text table for people: columns padded to their widest cell. */
final class Table {
    private final String[] header;
    private final List<String[]> rows = new ArrayList<>();
    private final Set<Integer> right = new HashSet<>();

    Table(String... header) {
        this.header = header;
    }

    Table row(String... cells) {
        rows.add(cells);
        return this;
    }

    Table alignRight(int... columns) {
        for (int c : columns) {
            right.add(c);
        }
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out, String indent) {
        int[] width = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            width[i] = header[i].length();
        }
        for (String[] r : rows) {
            for (int i = 0; i < r.length && i < width.length; i++) {
                width[i] = Math.max(width[i], r[i] == null ? 4 : r[i].length());
            }
        }
        line(out, indent, header, width);
        for (String[] r : rows) {
            line(out, indent, r, width);
        }
    }

    private void line(PrintWriter out, String indent, String[] cells, int[] width) {
        StringBuilder b = new StringBuilder(indent);
        for (int i = 0; i < width.length; i++) {
            String c = i < cells.length && cells[i] != null ? cells[i] : "";
            boolean last = i == width.length - 1;
            if (right.contains(i)) {
                b.append(" ".repeat(width[i] - c.length())).append(c);
            } else {
                b.append(c);
                if (!last) {
                    b.append(" ".repeat(width[i] - c.length()));
                }
            }
            if (!last) {
                b.append("  ");
            }
        }
        out.println(b.toString().stripTrailing());
    }
}
