package io.pqlab.spark;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.FileException;
import io.pqlab.io.ListedFile;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The files of one {@code load(...)}, listed as a pqlab dataset (hive partitions, hidden files
 * skipped), with the schema the dataset's files have together (columns matched by name).
 */
final class PqlabTable implements SupportsRead {
    private final List<ListedFile> files;
    private final StructType schema;
    private final DatasetOptions datasetOptions;
    private final Map<String, String> partitionTypes;
    private final Stores stores;
    private final Set<String> unpushable;

    private PqlabTable(List<ListedFile> files, StructType schema, DatasetOptions datasetOptions,
            Map<String, String> partitionTypes, Stores stores, Set<String> unpushable) {
        this.files = files;
        this.unpushable = Set.copyOf(unpushable);
        this.stores = stores;
        this.schema = schema;
        this.datasetOptions = datasetOptions;
        this.partitionTypes = Map.copyOf(partitionTypes);
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
        Stores stores = Stores.of(options);
        DatasetOptions o = stores.apply(options(options), locations);
        try (Dataset d = Dataset.open(locations, o)) {
            List<ListedFile> files = d.files();
            if (files.isEmpty()) {
                throw new IllegalArgumentException("pqlab: no Parquet file in " + locations);
            }
            Map<String, String> partitionTypes = new LinkedHashMap<>();
            for (String key : d.partitionColumns()) {
                partitionTypes.put(key, d.partitionType(key));
            }
            StructType schema = schema(d, partitionTypes);
            return new PqlabTable(List.copyOf(files), schema, o, partitionTypes, stores, unpushable(d));
        } catch (FileException e) {
            throw PqlabSparkException.of(String.join(", ", locations), e);
        } catch (io.pqlab.DatasetException e) {
            throw new PqlabSparkException(e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The dataset's schema as Spark sees it: the first file's fields, then flat columns that only
     * other files have (by name, widened as the dataset widens them), then the partition keys.
     */
    private static StructType schema(Dataset d, Map<String, String> partitionTypes) throws IOException {
        StructType first = SparkTypes.schema(d.fileSchema(0));
        List<StructField> fields = new ArrayList<>();
        Map<String, ColumnDescriptor> merged = new LinkedHashMap<>();
        for (ColumnDescriptor c : d.columns()) {
            merged.put(c.dottedPath(), c);
        }
        for (StructField f : first.fields()) {
            ColumnDescriptor c = merged.get(f.name());
            boolean flat = c != null && c.path().size() == 1 && c.maxRepetitionLevel() == 0;
            fields.add(flat ? new StructField(f.name(), SparkTypes.leaf(c), f.nullable(), f.metadata()) : f);
        }
        for (ColumnDescriptor c : merged.values()) {
            if (c.path().size() == 1 && c.maxRepetitionLevel() == 0 && !first.getFieldIndex(c.path().get(0)).isDefined()) {
                fields.add(new StructField(c.path().get(0), SparkTypes.leaf(c), true, Metadata.empty()));
            }
        }
        for (Map.Entry<String, String> e : partitionTypes.entrySet()) {
            fields.add(new StructField(e.getKey(), SparkTypes.partition(e.getValue()), true, Metadata.empty()));
        }
        return new StructType(fields.toArray(new StructField[0]));
    }

    /**
     * Columns (dotted paths) whose values in some file are not what a pushed comparison of their
     * Spark type would judge: INT96 timestamps, which hold nanoseconds Spark's microseconds cut
     * (a row at .0000015 s is returned as .000001, which a pushed {@code = .000001} would refuse),
     * and binary columns with an annotation (UUID, INTERVAL, BSON...), whose order is not
     * necessarily the bytes'. Filters on them stay with Spark ({@link Filters}).
     */
    private static Set<String> unpushable(Dataset d) throws IOException {
        Set<String> out = new java.util.HashSet<>();
        for (int i = 0; i < d.files().size(); i++) {
            for (ColumnDescriptor c : d.fileSchema(i).columns()) {
                boolean annotatedBinary;
                try {
                    annotatedBinary = SparkTypes.leaf(c) == org.apache.spark.sql.types.DataTypes.BinaryType
                            && (c.logicalType() != null || c.convertedType() != null);
                } catch (RuntimeException e) {
                    annotatedBinary = true; // a type Spark has no equivalent for: nothing to push
                }
                if (c.type() == io.pqlab.schema.PhysicalType.INT96 || annotatedBinary) {
                    out.add(c.dottedPath());
                }
            }
        }
        return out;
    }

    /** Columns whose filters stay with Spark, by dotted path ({@link #unpushable(Dataset)}). */
    Set<String> unpushable() {
        return unpushable;
    }

    /**
     * The options of {@code spark.read.option(...)}: {@code partition} (key:TYPE,...), {@code cache}
     * (a folder); the stores' ({@code s3.endpoint}, {@code s3.region}) are {@link Stores}'.
     */
    static DatasetOptions options(CaseInsensitiveStringMap options) {
        DatasetOptions o = DatasetOptions.defaults();
        String partition = options.get("partition");
        if (partition != null) {
            for (String spec : partition.split(",")) {
                if (!spec.isBlank()) {
                    o = o.withPartition(spec.strip());
                }
            }
        }
        String cache = options.get("cache");
        if (cache != null) {
            o = o.withCache(Path.of(cache));
        }
        return o;
    }

    Stores stores() {
        return stores;
    }

    DatasetOptions datasetOptions() {
        return datasetOptions;
    }

    Map<String, String> partitionTypes() {
        return partitionTypes;
    }

    /** The files as listed when the table was loaded (the scan plans them without listing again). */
    List<ListedFile> files() {
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
        // option("columnar", "false") hands Spark rows even where every column is flat
        return new PqlabScanBuilder(this, !"false".equalsIgnoreCase(options.getOrDefault("columnar", "true")),
                PqlabScan.Sizing.of(options));
    }
}
