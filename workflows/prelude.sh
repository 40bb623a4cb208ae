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
	pg_private_dir "$(dirname -- "$2")" || return 1
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

# pg_private_dir DIR: create the user's directory of an image cache, or check it is the
# user's alone. The cache root is the site's to create: mode 1777 like /tmp, or with one
# directory per user made in advance; each user's directory inside it is private.
pg_private_dir() {
	local root
	root=$(dirname -- "$1")
	if [[ ! -d $root ]]; then
		pg_log "image cache $root does not exist on this node; the site must create it (mode 1777, on storage every node shares)"
		return 1
	fi
	if [[ -n $(find "$root" -maxdepth 0 -perm /002) && ! -k $root ]]; then
		pg_log "image cache $root is writable by everyone without the sticky bit; refusing to use it (the site sets mode 1777)"
		return 1
	fi
	mkdir -m 700 -- "$1" 2>/dev/null || [[ -d $1 ]] || return 1
	if [[ -L $1 || ! -O $1 ]] || [[ -n $(find "$1" -maxdepth 0 -perm /022) ]]; then
		pg_log "image cache $1 is not owned by $pg_user alone; refusing to use it"
		return 1
	fi
}

# pg_ch_unpack TARBALL CACHE: unpack a Charliecloud image tarball once into the user's
# directory of the image cache CACHE and set pg_image to the result. The tarball is opened
# once: its identity (device, inode, size, modification and change times; the change time
# cannot be set by anyone) names the unpacked copy, tar reads that same open file, and a
# tarball changed while it was read is not kept. A tarball the site replaces gets a new
# name, so it is unpacked again. Concurrent steps wait on a lock; a half-unpacked image
# never takes the final name.
pg_ch_unpack() {
	local dir="$2/$pg_user" key fd
	if [[ ! -f $1 || ! -r $1 ]]; then
		pg_log "image $1 is not a readable file on this node"
		return 1
	fi
	exec {fd}<"$1" || return 1
	if ! key=$(stat -L -c '%d %i %s %.9Y %.9Z' -- "/dev/fd/$fd") ||
		! key=$(printf '%s\0%s' "$1" "$key" | sha256sum) || ! pg_private_dir "$dir"; then
		exec {fd}<&-
		return 1
	fi
	pg_image=$dir/${key%% *}
	pg_ch_cached=1
	if [[ -e $pg_image && (-L $pg_image || ! -O $pg_image) ]]; then
		pg_log "unpacked image $pg_image is not owned by $pg_user; refusing to use it"
		exec {fd}<&-
		return 1
	fi
	if [[ ! -d $pg_image ]]; then
		(
			flock -w 3600 9 || exit 1
			[[ -d $pg_image ]] && exit 0
			pg_log "unpacking image $1"
			tmp=$(mktemp -d -- "$pg_image.part.XXXXXXXX") || exit 1
			trap 'rm -rf -- "$tmp"' EXIT
			before=$(stat -L -c '%d %i %s %.9Y %.9Z' -- "/dev/fd/$fd") || exit 1
			# GNU tar strips leading / and refuses .. members, and sets no foreign owner.
			tar -x -f "/dev/fd/$fd" -C "$tmp" --no-same-owner --no-same-permissions || exit 1
			if [[ $(stat -L -c '%d %i %s %.9Y %.9Z' -- "/dev/fd/$fd") != "$before" ]]; then
				pg_log "image $1 changed while it was unpacked; not keeping it"
				exit 1
			fi
			# The node's /dev is bound over the image's, so device files are never needed;
			# a root job could have made them. Nothing in an image runs setuid.
			find "$tmp" \( -type b -o -type c \) -delete || exit 1
			find "$tmp" -type f -perm /6000 -exec chmod ug-s -- {} + || exit 1
			# ch-convert puts the image inside one top-level directory; a tar of the
			# image's root has several entries.
			root=$tmp
			shopt -s dotglob nullglob
			entries=("$tmp"/*)
			if ((${#entries[@]} == 1)) && [[ -d ${entries[0]} && ! -L ${entries[0]} ]]; then
				root=${entries[0]}
			fi
			mv -T -- "$root" "$pg_image" || exit 1
		) 9>"$pg_image.lock"
	fi
	local rc=$?
	exec {fd}<&-
	return "$rc"
}

# pg_ch_directory DIR: use a directory image the site prepared, as it is.
pg_ch_directory() {
	if [[ ! -d $1 ]]; then
		pg_log "image $1 is not a directory on this node"
		return 1
	fi
	pg_image=$1
	pg_ch_cached=0
}

# pg_ch_mountpoint DIR: make sure the image has a directory at DIR to bind onto: ch-run binds
# onto existing directories only, as images are mounted read-only. An image unpacked into the
# user's cache is the user's own and gets the directory; a site's directory image must have
# it already. ch-run brings /tmp, /dev, /proc and /sys from the node, and a symbolic link is
# never followed here (in the image it would point elsewhere, or out of it): ch-run judges
# those itself.
pg_ch_mountpoint() {
	local dir=$pg_image rest=${1#/} part
	case $1 in
	/tmp | /tmp/* | /dev | /dev/* | /proc | /proc/* | /sys | /sys/*) return 0 ;;
	esac
	while [[ -n $rest ]]; do
		part=${rest%%/*}
		rest=${rest#"$part"}
		rest=${rest#/}
		dir=$dir/$part
		if [[ -L $dir ]]; then
			pg_log "the image's ${dir#"$pg_image"} is a symbolic link; ch-run decides whether $1 can be bound through it"
			return 0
		elif [[ -d $dir ]]; then
			continue
		elif [[ -e $dir ]]; then
			pg_log "the image's $1 is not a directory; it cannot be bound onto"
			return 1
		elif ((pg_ch_cached)); then
			mkdir -- "$dir" 2>/dev/null || [[ -d $dir ]] || return 1
		else
			pg_log "image $pg_image has no directory $1 to bind onto; the site must create it (mkdir -p $pg_image$1)"
			return 1
		fi
	done
}

# pg_ch_image_env NAME...: use the image's own environment (/ch/environment, which ch-image
# writes from ENV instructions) when it has one, and refuse a secret NAME the image sets:
# ch-run applies the image's variables over the inherited ones, so it would hide the secret.
pg_ch_image_env() {
	local file=$pg_image/ch/environment name
	# shellcheck disable=SC2034 # read by pg_launch
	pg_ch_env=()
	[[ -f $file ]] || return 0
	# shellcheck disable=SC2034 # read by pg_launch
	pg_ch_env=(--set-env)
	for name; do
		if grep -q -- "^$name=" "$file"; then
			pg_log "the image sets $name, which would hide the step's secret of that name"
			return 1
		fi
	done
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
