package dev.relearn.cli;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.IHelpSectionRenderer;

/**
 * Mends picocli's wrapping of help text, which breaks after a leading dot (".relearn/eval" as
 * "." and "relearn/eval"): a stranded dot token (or "e." of "e.g.") moves onto the next line.
 */
final class HelpWrapping {
  private static final Pattern STRANDED =
      Pattern.compile("(?<=\\s)([(\\['\"]?\\.{1,2}|e\\.|i\\.)$");

  private HelpWrapping() {}

  /** Mends every help section of {@code cli} and all its subcommands. */
  static void install(CommandLine cli) {
    Map<String, IHelpSectionRenderer> renderers = cli.getHelpSectionMap();
    renderers.replaceAll((key, wrapped) -> help -> mend(wrapped.render(help)));
    cli.setHelpSectionMap(renderers);
    for (CommandLine sub : cli.getSubcommands().values()) {
      if (sub.getParent() == cli) { // aliases list a subcommand twice; its own parent once
        install(sub);
      }
    }
  }

  /** {@code text} with every stranded dot token moved onto the next line's first word. */
  static String mend(String text) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i + 1 < lines.length; i++) {
      Matcher stranded = STRANDED.matcher(lines[i]);
      String next = lines[i + 1];
      int start = next.length() - next.stripLeading().length();
      if (stranded.find() && start < next.length() && !next.isBlank()) {
        lines[i] = lines[i].substring(0, stranded.start()).stripTrailing();
        lines[i + 1] = next.substring(0, start) + stranded.group(1) + next.substring(start);
      }
    }
    return String.join("\n", lines);
  }
}
