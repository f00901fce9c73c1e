package dev.relearn.cli;

import dev.relearn.engine.IndexFolderCheck;
import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.engine.config.ConfigLoader.Setting;
import dev.relearn.engine.config.RelearnConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code relearn config}: the configuration an index would be opened with. */
@Command(name = "config",
    footer = {
      "  relearn config",
      "  relearn config --init",
      "  relearn config --index /tmp/notes-index --json"},
    description = {"Show every knob of an index's relearn.json, its value and where it came"
        + " from (default, the file, or a RELEARN_* variable).",
        "See docs/CONFIGURATION.md for what each knob does."})
final class ConfigCommand extends CliCommand {
  @Option(names = "--index", paramLabel = "DIR", defaultValue = ".relearn",
      description = "Index folder (default: ${DEFAULT-VALUE}).")
  Path index;

  @Option(names = "--init", description = "Write a complete relearn.json of the current values to"
      + " edit; never replaces a file.")
  boolean init;

  @Option(names = "--json", description = "Print one JSON object: values and sources by key.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    if (init) { // also before the first index: a folder that would take one
      PathChecks.requireFolder(index);
      IndexFolderCheck.requireUsable(index);
      Path file = index.resolve(ConfigLoader.FILE);
      if (Files.exists(file)) {
        throw new IllegalArgumentException(file + " already exists; edit it, or delete it first");
      }
      RelearnConfig config = ConfigLoader.load(index);
      Files.createDirectories(index);
      out.println("wrote " + ConfigLoader.write(index, config));
      return 0;
    }
    if (!Files.isRegularFile(index.resolve(ConfigLoader.FILE))) { // --init's, before an index
      PathChecks.requireIndex(index);
    }
    List<Setting> settings = ConfigLoader.settings(index, System.getenv());
    if (json) { // integer knobs print as 20, not 20.0
      Map<String, Object> byKey = new LinkedHashMap<>();
      settings.forEach(s -> byKey.put(s.key(), Map.of("value", s.value(), "source", s.source())));
      out.println(json(byKey));
      return 0;
    }
    int width = settings.stream().mapToInt(s -> s.key().length()).max().orElse(1);
    for (Setting s : settings) {
      out.printf("%-" + width + "s %-10s %s%n", s.key(), s.plainValue(), s.source());
    }
    return 0;
  }
}
