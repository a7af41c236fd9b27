package io.pqlab.spark;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One task: its pieces (each a range of one file's row groups, read one after the other), the
 * pushed condition's text, the columns to read, the limit, and the dataset's partition key types
 * (so that the executor types each file's partition values as the driver did), and the stores
 * to open the files through. Serialised to the executors.
 */
record PqlabPartition(List<Splits.Piece> pieces, String condition, List<String> columns, int limit,
        Map<String, String> partitionTypes, Stores stores) implements InputPartition {
    PqlabPartition {
        pieces = List.copyOf(pieces);
    }

    @Override
    public String[] preferredLocations() {
        return new String[0];
    }
}
