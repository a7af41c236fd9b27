package io.pqlab.spark;

import io.pqlab.FileException;
import io.pqlab.ParquetFile;
import io.pqlab.io.ListedFile;
import io.pqlab.internal.dataset.Listing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The files of one {@code load(...)}, with the schema of the first (columns matched by name). */
final class PqlabTable implements SupportsRead {
    private final List<String> files;
    private final StructType schema;

    private PqlabTable(List<String> files, StructType schema) {
        this.files = files;
        this.schema = schema;
    }

    static PqlabTable of(CaseInsensitiveStringMap options) {
        List<String> locations = new ArrayList<>();
        if (options.containsKey("path")) {
            locations.add(options.get("path"));
        }
        if (options.containsKey("paths")) {
            // Spark passes several load() paths as a JSON array of strings
            String json = options.get("paths").trim();
            for (String p : json.substring(1, json.length() - 1).split(",")) {
                String t = p.trim();
                if (t.length() >= 2) {
                    locations.add(t.substring(1, t.length() - 1).replace("\\\"", "\""));
                }
            }
        }
        if (locations.isEmpty()) {
            throw new IllegalArgumentException("pqlab: give a path: spark.read.format(\"pqlab\").load(PATH)");
        }
        try {
            List<String> files = new ArrayList<>();
            for (ListedFile f : Listing.local().list(locations)) {
                files.add(f.location());
            }
            if (files.isEmpty()) {
                throw new IllegalArgumentException("pqlab: no Parquet file in " + locations);
            }
            try (ParquetFile pf = ParquetFile.open(files.get(0))) {
                return new PqlabTable(List.copyOf(files), SparkTypes.schema(pf.schema()));
            } catch (FileException e) {
                throw PqlabSparkException.of(files.get(0), e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<String> files() {
        return files;
    }

    @Override
    public String name() {
        return "pqlab " + (files.size() == 1 ? files.get(0) : files.size() + " files");
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
        return new PqlabScanBuilder(this);
    }
}
