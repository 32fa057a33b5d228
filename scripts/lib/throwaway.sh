# Pieces shared by the throwaway servers of the tests (scripts/pg-cluster.sh, scripts/redis-server.sh).

# A port nothing listens on yet.
throwaway_free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Run as a command rather than sourced: start the server, keep it until Ctrl-C, then stop it.
#   throwaway_serve pg_cluster_start pg_cluster_stop
throwaway_serve() {
  set -euo pipefail
  "$1"
  trap "$2" EXIT
  echo "Press Ctrl-C to stop."
  while true; do sleep 3600; done
}
