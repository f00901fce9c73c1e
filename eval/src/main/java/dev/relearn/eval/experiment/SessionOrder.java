package dev.relearn.eval.experiment;

import dev.relearn.eval.simulate.Seeds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The query of each session: the pool's ids in a seeded random order, reshuffled for every pass
 * when there are more sessions than ids, so each id comes once per pass.
 */
final class SessionOrder implements IntFunction<String> {
  private final List<String> ids;
  private final long seed;
  private final String stream;
  private final List<List<String>> passes = new ArrayList<>();

  SessionOrder(List<String> ids, long seed, String stream) {
    if (ids.isEmpty()) {
      throw new IllegalArgumentException("no queries to draw sessions from");
    }
    this.ids = List.copyOf(ids);
    this.seed = seed;
    this.stream = stream;
  }

  @Override
  public String apply(int session) {
    int pass = session / ids.size();
    while (passes.size() <= pass) {
      List<String> order = new ArrayList<>(ids);
      Collections.shuffle(order, Seeds.of(seed, "order-" + stream, passes.size()));
      passes.add(order);
    }
    return passes.get(pass).get(session % ids.size());
  }
}
