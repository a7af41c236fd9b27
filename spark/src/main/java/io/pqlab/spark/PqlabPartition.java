package io.pqlab.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/** One task: a file, the pushed condition's text and the columns (serialised to the executors). */
record PqlabPartition(String file, String condition, List<String> columns, int limit) implements InputPartition {
    @Override
    public String[] preferredLocations() {
        return new String[0];
    }
}
