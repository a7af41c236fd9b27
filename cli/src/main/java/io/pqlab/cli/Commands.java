package io.pqlab.cli;

import java.util.List;

/** The subcommands, in the order --help lists them. */
final class Commands {
    private Commands() {}

    static List<Object> all() {
        return List.of(new FooterCommand(), new SchemaCommand(), new PagesCommand(), new PageIndexCommand(),
                new BloomCommand(), new DictionaryCommand(), new StatisticsCommand(),
                new SkippingCommand(), new MapCommand(), new ScanCommand(), new RequestsCommand());
    }
}
