package io.pqlab.cli;

import java.util.List;

/** The subcommands, in the order --help lists them. */
final class Commands {
    private Commands() {}

    static List<Object> all() {
        return List.of(new SkippingCommand(), new MapCommand());
    }
}
