package dev.relearn.opensearch.search;

import org.opensearch.action.ActionType;

/** The learned search, {@value #NAME}: a {@link RelearnSearchRequest} to its response. */
public final class RelearnSearchAction extends ActionType<RelearnSearchResponse> {
  /** The action's name; a read of index data, as far as permissions go. */
  public static final String NAME = "indices:data/read/relearn/search";
  /** The one instance. */
  public static final RelearnSearchAction INSTANCE = new RelearnSearchAction();

  private RelearnSearchAction() {
    super(NAME, RelearnSearchResponse::new);
  }
}
