import TerminalUI

/// One painted screen of the storefront: cells, cursor and what clicks do.
public typealias Frame = Canvas<TerminalAction>
