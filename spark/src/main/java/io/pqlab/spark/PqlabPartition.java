package io.pqlab.spark;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One task: a file, the pushed condition's text, the file's columns to read, the limit, and the
 * dataset's partition key types (so that the executor types the file's partition values as the
 * driver did). Serialised to the executors.
 */
record PqlabPartition(String file, String condition, List<String> columns, int limit, Map<String, String> partitionTypes)
        implements InputPartition {
    @Override
    public String[] preferredLocations() {
        return new String[0];
    }
}
