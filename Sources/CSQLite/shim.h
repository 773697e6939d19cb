// The system SQLite (libsqlite3-dev on Linux); Apple platforms import the SDK's SQLite3 module instead.
#include <sqlite3.h>
