package io.pqlab.cli;

/**
 * A {@link FileCommand} that also takes a dataset (several paths, a directory or a glob): the
 * positional paths after FILE and the dataset options, declared once for the commands that share
 * them.
 */
abstract class DatasetFileCommand extends FileCommand {

    @picocli.CommandLine.Parameters(index = "1..*", arity = "0..*", paramLabel = "MORE",
            description = "More paths: with them, or a directory or glob as FILE, the merged schema of a dataset "
                    + "and a line per file.")
    java.util.List<String> more = new java.util.ArrayList<>();

    @picocli.CommandLine.Mixin
    DatasetArgs dataset = new DatasetArgs();

    @Override
    java.util.List<String> moreFiles() {
        return more;
    }

    @Override
    DatasetArgs datasetArgs() {
        return dataset;
    }
}
