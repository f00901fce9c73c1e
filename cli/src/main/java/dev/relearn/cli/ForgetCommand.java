package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code relearn forget}: deletes a session's feedback, or all of it. */
@Command(name = "forget",
    footer = {
      "  relearn forget --session alice",
      "  relearn forget --all"},
    description = {"Delete a session's feedback (--session S) or all of it (--all).",
        "Commits, then updates the learned fields. Merged clusters that the session touched go"
            + " entirely. --all also resets the weights ratings taught and the recent-feedback"
            + " list, so that learned searches rank as hybrid ones again."})
final class ForgetCommand extends CliCommand {
  @Mixin EngineOptions engine;
  @Mixin LockWait lockWait;
  @Mixin ClusterOption cluster;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  static final class Target {
    @Option(names = "--session", paramLabel = "S", required = true,
        description = "The session id given when the feedback was recorded.")
    String session;

    @Option(names = "--all", required = true, description = "Forget everything.")
    boolean all;
  }

  @Override
  public Integer call() throws Exception {
    require(target.all || !target.session.isBlank(), "--session must not be blank"
        + " (feedback recorded without a session is forgotten only with --all)");
    if (cluster.given()) {
      try (RelearnCluster relearn = cluster.connect(engine)) {
        long removed = target.all ? relearn.forgetAll() : relearn.forgetSession(target.session);
        String address = relearn.address(); // a cluster's events are forgotten on every index
        out().println("forgot " + removed + " feedback event(s)" + (target.all ? ""
            : " of that session") + " on every index at "
            + address.substring(0, address.lastIndexOf('/')));
      }
      return 0;
    }
    try (Relearn relearn = engine.open(false)) {
      long before = relearn.feedbackStats().ledgerEvents();
      int clusters = target.all ? relearn.forgetAll() : relearn.forgetSession(target.session);
      long events = before - relearn.feedbackStats().ledgerEvents();
      out().println("forgot " + events + " feedback event(s)" + (target.all ? ""
          : " of that session") + "; " + clusters + " query cluster(s) left with no event"
          + (events == 0 && !target.all ? " (no feedback has that session id: ids are matched"
              + " exactly)" : ""));
    }
    return 0;
  }
}
