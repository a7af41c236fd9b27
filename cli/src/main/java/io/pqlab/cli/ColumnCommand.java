package io.pqlab.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.schema.ColumnDescriptor;
import picocli.CommandLine.Parameters;

/**
 * A {@link FileCommand} about one column, or every column: COLUMN's answer is the column's object;
 * without COLUMN, the answer holds "columns", one such object per leaf, in schema order.
 */
abstract class ColumnCommand extends FileCommand {

    @Parameters(index = "1", arity = "0..1", paramLabel = "COLUMN",
            description = "A dotted path or a leaf index (see 'pqlab schema'); default: every column.")
    String column;

    @Override
    final void build(ParquetFile pf, ObjectNode a) throws Exception {
        if (column == null) {
            ArrayNode all = a.putArray("columns");
            for (ColumnDescriptor c : pf.schema().columns()) {
                build(pf, c, all.addObject());
            }
            return;
        }
        build(pf, Columns.resolve(pf.schema(), column), a);
    }

    /** Puts one column's answer into {@code a}. */
    abstract void build(ParquetFile pf, ColumnDescriptor c, ObjectNode a) throws Exception;
}
