package io.pqlab.spark;

import io.pqlab.DatasetOptions;
import io.pqlab.internal.dataset.CachingSource;
import io.pqlab.internal.dataset.Openers;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.io.ByteSource;
import io.pqlab.io.ListedFile;
import io.pqlab.io.ObjectLister;
import io.pqlab.io.RetryPolicy;
import io.pqlab.s3.S3Lister;
import io.pqlab.s3.S3Source;
import java.io.Serializable;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The object stores a read lists and opens, the same on the driver and on every executor: the
 * store settings travel with each task ({@link PqlabPartition}), and each JVM keeps one S3 client
 * per setting for its life (as Hadoop's FileSystem cache does), so tasks do not each pay for a
 * client and its connection pool. Credentials are the AWS SDK's default chain on each machine
 * (environment, system properties, profile, instance role), never passed through Spark's plan.
 *
 * @param s3Endpoint {@code option("s3.endpoint", URL)}: an S3-compatible endpoint (path-style), or
 *     null for AWS (or the endpoint the environment names, {@code AWS_ENDPOINT_URL_S3})
 * @param s3Region {@code option("s3.region", NAME)}, or null for the SDK's chain
 */
record Stores(String s3Endpoint, String s3Region) implements Serializable {
    private static final Map<Stores, S3Lister> CLIENTS = new ConcurrentHashMap<>();

    static Stores of(CaseInsensitiveStringMap options) {
        return new Stores(options.get("s3.endpoint"), options.get("s3.region"));
    }

    /** {@code o} with the stores that {@code locations} need (an S3 lister where one is s3://). */
    DatasetOptions apply(DatasetOptions o, List<String> locations) {
        return o.withStores(listers(locations));
    }

    private List<ObjectLister> listers(List<String> locations) {
        boolean s3 = s3Endpoint != null || locations.stream().anyMatch(S3Source::handles);
        return s3 ? List.of(s3()) : List.of();
    }

    /**
     * {@code o} for an executor's piece: its one file as the driver listed it (no listing request
     * again), served first from what the driver shipped ({@link Shipped}), then from these stores,
     * counted beneath, so that the task reports every byte it read from storage (footer, indexes,
     * filters, dictionaries, pages) apart from those it was handed.
     */
    DatasetOptions forPiece(DatasetOptions o, Splits.Piece piece, List<CountingSource> counted,
            List<Shipped.Source> shipped) {
        CachingSource.Opener opener = Openers.of(listers(List.of(piece.file())), o.retry());
        ObjectLister one = new ObjectLister() {
            @Override
            public boolean handles(String location) {
                return location.equals(piece.file());
            }

            @Override
            public List<ListedFile> list(String prefix) {
                return List.of(piece.listed());
            }

            @Override
            public ByteSource open(ListedFile file) {
                Shipped.Source s = new Shipped.Source(file, piece.shipped(), f -> {
                    CountingSource c = new CountingSource(opener.open(f));
                    counted.add(c);
                    return c;
                });
                shipped.add(s);
                return s;
            }
        };
        return o.withStores(List.of(one));
    }

    private ObjectLister s3() {
        return CLIENTS.computeIfAbsent(this, k -> new S3Lister(new S3Source.Options(
                s3Endpoint == null ? null : URI.create(s3Endpoint.strip()), s3Region, RetryPolicy.DEFAULT)
                .withEnvironmentEndpoint()));
    }
}
