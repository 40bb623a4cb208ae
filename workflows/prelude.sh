# ---- PetaGrid step runtime (fixed text: no workflow value is ever written here) ----

pg_log() {
	printf '[petagrid %s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >&2
}

pg_fail() {
	pg_log "$2"
	exit "$1"
}

# pg_env FILE: read the NAME=value records of FILE, separated by NUL bytes, into the array
# pg_env_records, for `env` to set when it starts srun. Values are data: bash never assigns
# them (an assignment to an integer variable such as RANDOM would evaluate its value).
pg_env() {
	# shellcheck disable=SC2034 # read by pg_launch on the host and with enroot
	mapfile -d '' -t pg_env_records <"$1"
}

# pg_secret NAME REF: export the site secret REF as NAME. The value is read here, on the
# compute node, so it is never in the script, the submission or Slurm's database.
pg_secret() {
	local file="$pg_secrets_dir/$2" value
	[[ -f $file && -r $file ]] || pg_fail 78 "secret $2 is not available to $pg_user on this site"
	value=$(<"$file") || pg_fail 78 "secret $2 could not be read"
	export "$1=$value"
}

pg_sha256_ok() {
	local sum
	sum=$(sha256sum -- "$1") || return 1
	[[ ${sum%% *} == "$2" ]]
}

# pg_fetch URL PATH SHA256: stage an input into the workspace, verified before it is used.
# The URL is not logged: signed URLs carry credentials in their query.
pg_fetch() {
	local dest="$pg_workspace/$2" tmp
	if [[ -f $dest ]] && pg_sha256_ok "$dest" "$3"; then
		pg_log "input $2 already staged"
		return 0
	fi
	mkdir -p -- "$(dirname -- "$dest")" || return 1
	# A unique name: array tasks on several nodes may stage the same input at once.
	tmp=$(mktemp -- "$dest.XXXXXXXX.part") || return 1
	if ! curl --fail --silent --show-error --globoff --location --proto '=http,https' --proto-redir '=http,https' \
		--retry 3 --connect-timeout 30 --output "$tmp" "$1"; then
		rm -f -- "$tmp"
		pg_log "input $2: download failed"
		return 1
	fi
	if ! pg_sha256_ok "$tmp" "$3"; then
		rm -f -- "$tmp"
		pg_log "input $2: checksum mismatch (expected sha256 $3)"
		return 1
	fi
	mv -fT -- "$tmp" "$dest" && pg_log "input $2 staged"
}

# pg_resolve_mount INDEX SOURCE ALLOWED: resolve SOURCE's symbolic links on this node and
# check the result is still under the path the site allows, so that a link placed inside an
# allowed directory cannot bind what the site did not allow. Sets pg_mounts[INDEX].
pg_resolve_mount() {
	local real allowed
	allowed=$(realpath -e -- "$3") || allowed=$3
	# The x keeps trailing newlines, which $(…) would strip, in the name.
	if ! real=$(realpath -e -- "$2" && echo x); then
		pg_log "mount source $2 does not exist on this node"
		return 1
	fi
	real=${real%$'\nx'}
	if [[ $real == *[[:cntrl:]]* ]]; then
		pg_log "mount source $2 resolves to a path with control characters"
		return 1
	fi
	if [[ $real != "$allowed" && $real != "${allowed%/}"/* ]]; then
		pg_log "mount source $2 resolves to $real, outside $3 which the site allows"
		return 1
	fi
	if [[ $real == *[:,]* ]]; then
		pg_log "mount source $2 resolves to $real, whose : or , would split the bind"
		return 1
	fi
	# shellcheck disable=SC2034 # read by pg_launch in steps with mounts
	pg_mounts[$1]=$real
}

# pg_pull REF SIF: pull a docker:// image once into the user's image cache. The cache is per
# user, and its directory and image must belong to the user and be writable by nobody else,
# so that nobody can plant an image another user will run.
pg_pull() {
	local dir
	dir=$(dirname -- "$2")
	# The cache root is the site's to create (mode 1777, like /tmp); each user's directory
	# inside it is private.
	mkdir -m 700 -- "$dir" 2>/dev/null || [[ -d $dir ]] || return 1
	if [[ ! -O $dir ]] || [[ -n $(find "$dir" -maxdepth 0 -perm /022) ]]; then
		pg_log "image cache $dir is not owned by $pg_user alone; refusing to use it"
		return 1
	fi
	if [[ -e $2 && ! -O $2 ]]; then
		pg_log "cached image $2 is not owned by $pg_user; refusing to use it"
		return 1
	fi
	[[ -s $2 ]] && return 0
	(
		flock -w 3600 9 || exit 1
		[[ -s $2 ]] && exit 0
		pg_log "pulling $1"
		"$pg_apptainer" pull --disable-cache "$2.part.$$" "$1" && mv -f -- "$2.part.$$" "$2"
	) 9>"$2.lock"
}

# pg_output PATH [URL]: check a declared output, add it to the step's manifest and publish it.
pg_output() {
	local file="$pg_workspace/$1"
	if [[ ! -e $file ]]; then
		pg_log "declared output $1 is missing"
		return 1
	fi
	if [[ -f $file ]]; then
		(cd -- "$pg_workspace" && sha256sum -- "$1") >>"$pg_manifest" || return 1
	else
		(cd -- "$pg_workspace" && find "./$1" -type f -exec sha256sum -- {} +) >>"$pg_manifest" || return 1
	fi
	if [[ -n ${2:-} ]]; then
		if [[ ! -f $file ]]; then
			pg_log "output $1 is a directory; only files can be published"
			return 1
		fi
		if ! curl --fail --silent --show-error --globoff --proto '=http,https' --retry 3 --upload-file "$file" "$2" >/dev/null; then
			pg_log "publishing output $1 failed"
			return 1
		fi
		pg_log "output $1 published"
	fi
}

# pg_log_says PATTERN: whether srun's messages or this attempt's part of the task error log
# match the extended regular expression PATTERN (how Slurm reports time limits and memory
# kills). The text is collected first: a pipeline into grep would report a missing file or a
# reader that stopped early as a failure under pipefail.
pg_log_says() {
	local text
	text=$({
		tail -n 50 -- "$pg_srun_err"
		tail -c "+$((pg_err_offset + 1))" -- "$pg_err" | tail -n 50
	} 2>/dev/null | tr -d '\0')
	[[ $text =~ $1 ]]
}

# pg_classify RC SECONDS: name how an attempt ended. srun reports a step killed at its time
# limit or for memory as a signal (128+n); the elapsed time and Slurm's own messages tell
# which.
pg_classify() {
	if (($1 == 0)); then
		echo success
	elif (($1 > 128)) && { (($2 >= pg_attempt_seconds)) || pg_log_says 'DUE TO TIME LIMIT'; }; then
		echo TIMEOUT
	elif (($1 > 128)) && pg_log_says 'Out Of Memory|oom_kill|oom-kill|exceeded memory limit|Exceeded job memory limit'; then
		echo OUT_OF_MEMORY
	else
		echo exit
	fi
}

# pg_retryable CLASS RC
pg_retryable() {
	local code
	((pg_retry_any)) && return 0
	case $1 in
	TIMEOUT) ((pg_retry_timeout)) ;;
	OUT_OF_MEMORY) ((pg_retry_oom)) ;;
	*)
		for code in "${pg_retry_codes[@]}"; do
			((code == $2)) && return 0
		done
		return 1
		;;
	esac
}

# pg_run: run attempts of pg_launch until one succeeds or no retry is left; returns the last
# exit code. The attempt count lives in the workspace, so a job Slurm requeues after a node
# failure goes on counting where it stopped.
pg_run() {
	local attempt=0 job rc class started elapsed delay
	# The counter file holds "JOB ATTEMPT". The same job id means Slurm requeued this job
	# mid-attempt; another id is a new submission that starts afresh.
	local outcome=
	if read -r job attempt outcome 2>/dev/null <"$pg_state.attempt" && [[ $job == "$pg_job" && $attempt =~ ^[0-9]+$ ]]; then
		if [[ $outcome == ok ]]; then
			# Requeued after the command succeeded (during outputs): do not run it again.
			pg_log "restarted by Slurm after attempt $attempt had succeeded"
			return 0
		fi
		# Requeued mid-attempt: a node failure, preemption or an admin's requeue.
		printf '%s %s %s %s\n' "$attempt" 0 REQUEUED 0 >>"$pg_state.attempts"
		pg_log "restarted by Slurm after attempt $attempt (node failure, preemption or requeue)"
		if ((attempt >= pg_attempts)); then
			pg_log "no attempts left"
			return 1
		fi
	else
		attempt=0
		: >"$pg_state.attempts"
	fi
	while :; do
		attempt=$((attempt + 1))
		echo "$pg_job $attempt" >"$pg_state.attempt"
		export PETAGRID_ATTEMPT=$attempt
		pg_log "step $pg_key: attempt $attempt of $pg_attempts"
		pg_err_offset=$(stat -c %s -- "$pg_err" 2>/dev/null) || pg_err_offset=0
		started=$SECONDS
		pg_launch 2>"$pg_srun_err"
		rc=$?
		elapsed=$((SECONDS - started))
		cat -- "$pg_srun_err" >&2
		class=$(pg_classify "$rc" "$elapsed")
		printf '%s %s %s %s\n' "$attempt" "$rc" "$class" "$elapsed" >>"$pg_state.attempts"
		if [[ $class == success ]]; then
			echo "$pg_job $attempt ok" >"$pg_state.attempt"
			return 0
		fi
		pg_log "attempt $attempt failed: $class (exit $rc after ${elapsed}s)"
		if ((attempt >= pg_attempts)) || ! pg_retryable "$class" "$rc"; then
			return "$rc"
		fi
		delay=${pg_backoff[attempt - 1]}
		pg_log "retrying in ${delay}s"
		sleep "$delay"
	done
}

# ---- step ----
