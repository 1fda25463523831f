"""What the fuzz tests share: any JSON value, and changing or deleting one value at a key path.
(Imported by test modules; ``conftest.py`` puts this folder on the import path.)"""

from hypothesis import strategies as st

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=8),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
                    max_leaves=12)


def set_at(data, path, value, delete=False) -> None:
    """Put ``value`` at ``path`` (keys and list indexes) in ``data``, or delete what is there."""
    node = data
    for k in path[:-1]:
        node = node[k]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
