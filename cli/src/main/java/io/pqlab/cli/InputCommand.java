package io.pqlab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every command that reads a FILE (or a dataset) shares: how the input is opened
 * ({@link SourceOptions}), {@code --debug}, and which file an error names.
 */
abstract class InputCommand implements Callable<Integer>, Main.HasFile {
    @Spec
    CommandSpec spec;

    @Mixin
    SourceOptions source = new SourceOptions();

    /** Read by {@link Main} from the arguments, before picocli parses them; declared so that it is accepted. */
    @Option(names = "--debug", description = "Print a stack trace with any error.")
    boolean debug;

    /** Set while a dataset of several paths is read: its errors name their own files. */
    private boolean onDataset;

    /** FILE as given. */
    abstract String location();

    @Override
    public String file() {
        return onDataset ? null : location();
    }

    /**
     * FILE and {@code more} as a dataset's locations, or null where they name one file. One directory
     * or glob is a dataset whose errors start with it, as for one file; several paths' errors name
     * their own files.
     */
    List<String> datasetLocations(List<String> more) {
        List<String> locations = new ArrayList<>();
        locations.add(location());
        locations.addAll(more);
        if (!DatasetArgs.isDataset(locations)) {
            return null;
        }
        onDataset = locations.size() > 1;
        return locations;
    }
}
