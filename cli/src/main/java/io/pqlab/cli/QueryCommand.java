package io.pqlab.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * A command that plans (or scans) a query over a file or a dataset: the query's options
 * (--use, --select), the network's (--coalesce, --connections, the modelled latency and
 * bandwidth) and the dataset's.
 */
abstract class QueryCommand extends InputCommand {
    @Parameters(index = "0", paramLabel = "FILE",
            description = "The Parquet file: a path, an http(s):// URL or s3://bucket/key; or a dataset: a directory, "
                    + "a glob, several paths, an s3:// prefix ending in / or an http(s) list file.")
    String file;

    @Mixin
    PlanOptions query = new PlanOptions();

    @Mixin
    NetworkOptions network = new NetworkOptions();

    @Mixin
    DatasetArgs dataset = new DatasetArgs();

    @Override
    final String location() {
        return file;
    }
}
