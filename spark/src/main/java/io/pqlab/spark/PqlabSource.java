package io.pqlab.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Spark DataSource V2 source {@code format("pqlab")}: Parquet files planned by pqlab on the
 * driver (only files with a row group the plan keeps become tasks) and read by pqlab on the
 * executors (only the kept pages, exactly the matching rows). Options: {@code path} (a file, a
 * directory or a glob, as pqlab lists them) or {@code paths}.
 */
public final class PqlabSource implements TableProvider, DataSourceRegister {

    @Override
    public String shortName() {
        return "pqlab";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return PqlabTable.of(options).schema();
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return PqlabTable.of(new CaseInsensitiveStringMap(properties));
    }

    @Override
    public boolean supportsExternalMetadata() {
        return false;
    }
}
