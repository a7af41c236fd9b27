package io.pqlab.spark;

import io.pqlab.schema.SchemaNode;
import java.io.IOException;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The columns a task's reader fills, in Spark's order (the row reader and the columnar one alike):
 * each one's Spark type, its name, and its node in the task's file schema, null for a partition
 * column (its value comes from the path) and for one the file lacks.
 */
record ReadColumns(DataType[] types, String[] names, SchemaNode[] nodes) {
    static ReadColumns of(TaskScan task, StructType schema) throws IOException {
        int n = schema.fields().length;
        DataType[] types = new DataType[n];
        String[] names = new String[n];
        SchemaNode[] nodes = new SchemaNode[n];
        for (int i = 0; i < n; i++) {
            types[i] = schema.fields()[i].dataType();
            names[i] = schema.fields()[i].name();
            nodes[i] = task.isPartitionColumn(names[i]) ? null : task.node(names[i]);
        }
        return new ReadColumns(types, names, nodes);
    }
}
