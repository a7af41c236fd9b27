package io.pqlab;

import io.pqlab.internal.dataset.PartitionType;
import io.pqlab.io.ObjectLister;
import io.pqlab.io.RetryPolicy;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a {@link Dataset} is opened.
 *
 * @param partitionTypes declared partition types by key ({@code BIGINT}, {@code DOUBLE},
 *     {@code DECIMAL}, {@code DATE}, {@code TIMESTAMP}, {@code BOOLEAN}, {@code VARCHAR}); other
 *     keys' types are inferred
 * @param cache the metadata cache directory, or null for none
 * @param skipBadFiles whether a file whose footer cannot be read is skipped (and listed in the
 *     plan) rather than stopping the run
 * @param connections footers read at once from remote files (local files: the cores)
 * @param stores object stores to list and read (the s3 module's {@code S3Lister})
 * @param retry retries and timeouts for HTTP
 * @param decryption the keys of encrypted files, the same for every file (a column key by path
 *     applies to that column in each file); {@link Decryption#NONE} for none
 * @param progress told as each file's footer is read (from the threads that read them), or null
 */
public record DatasetOptions(Map<String, String> partitionTypes, Path cache, boolean skipBadFiles, int connections,
        List<ObjectLister> stores, RetryPolicy retry, Decryption decryption, Progress progress) {

    /** How far the footers of a plan or scan have got. */
    public interface Progress {
        /**
         * @param filesDone footers read (or found bad) so far in this batch of files
         * @param filesTotal footers this batch reads (partition-pruned files are not among them)
         * @param bytesRead bytes read from the files so far
         */
        void update(int filesDone, int filesTotal, long bytesRead);
    }

    public DatasetOptions {
        partitionTypes = Map.copyOf(partitionTypes);
        stores = List.copyOf(stores);
        decryption = decryption == null ? Decryption.NONE : decryption;
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1");
        }
        for (Map.Entry<String, String> e : partitionTypes.entrySet()) {
            PartitionType.parse(e.getValue()); // refuse an unknown type now
        }
    }

    public static DatasetOptions defaults() {
        return new DatasetOptions(Map.of(), null, false, 16, List.of(), RetryPolicy.DEFAULT, Decryption.NONE, null);
    }

    /** Declares a partition key's type; {@code spec} is {@code key:TYPE}. */
    public DatasetOptions withPartition(String spec) {
        int colon = spec.lastIndexOf(':');
        if (colon <= 0 || colon == spec.length() - 1) {
            throw new IllegalArgumentException("a partition type is written key:TYPE, such as year:BIGINT, not '"
                    + spec + "'");
        }
        Map<String, String> m = new LinkedHashMap<>(partitionTypes);
        m.put(spec.substring(0, colon), spec.substring(colon + 1));
        return new DatasetOptions(m, cache, skipBadFiles, connections, stores, retry, decryption, progress);
    }

    public DatasetOptions withCache(Path dir) {
        return new DatasetOptions(partitionTypes, dir, skipBadFiles, connections, stores, retry, decryption, progress);
    }

    public DatasetOptions withSkipBadFiles(boolean on) {
        return new DatasetOptions(partitionTypes, cache, on, connections, stores, retry, decryption, progress);
    }

    public DatasetOptions withConnections(int n) {
        return new DatasetOptions(partitionTypes, cache, skipBadFiles, n, stores, retry, decryption, progress);
    }

    public DatasetOptions withStores(List<ObjectLister> s) {
        return new DatasetOptions(partitionTypes, cache, skipBadFiles, connections, s, retry, decryption, progress);
    }

    public DatasetOptions withProgress(Progress p) {
        return new DatasetOptions(partitionTypes, cache, skipBadFiles, connections, stores, retry, decryption, p);
    }

    /** The keys every encrypted file of the dataset is read with. */
    public DatasetOptions withDecryption(Decryption keys) {
        return new DatasetOptions(partitionTypes, cache, skipBadFiles, connections, stores, retry, keys, progress);
    }

    public DatasetOptions withRetry(RetryPolicy r) {
        return new DatasetOptions(partitionTypes, cache, skipBadFiles, connections, stores, r, decryption, progress);
    }
}
