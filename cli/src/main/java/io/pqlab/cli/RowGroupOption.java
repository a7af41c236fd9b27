package io.pqlab.cli;

import io.pqlab.ParquetFile;
import picocli.CommandLine.Option;

/** {@code --row-group N}: the commands that look at a file row group by row group (bloom, dictionary, pages, page-index). */
final class RowGroupOption {
    @Option(names = "--row-group", paramLabel = "N", description = "Only row group N (0-based); default: all.")
    Integer rowGroup;

    /** The row groups to look at: the one --row-group names, or all. */
    int[] of(ParquetFile pf) {
        int n = pf.rowGroupCount();
        if (rowGroup == null) {
            int[] all = new int[n];
            for (int i = 0; i < n; i++) {
                all[i] = i;
            }
            return all;
        }
        if (rowGroup < 0 || rowGroup >= n) {
            throw new Main.UserError("no row group " + rowGroup + "; the file has " + n + " row group"
                    + (n == 1 ? "" : "s") + (n == 0 ? "" : " (0 to " + (n - 1) + ")"));
        }
        return new int[] {rowGroup};
    }
}
