# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# Sourced: a private apt configuration that reaches the newer Debian suites
# (trixie, sid, experimental, bookworm-backports) and the sources of sid and bookworm
# through the machine's own Debian mirror without touching the system's apt
# sources. Sets the array APT_OPTS;
# use as: apt-get "${APT_OPTS[@]}" ..., or apt_private ...
# apt locks DIR's lists itself (no Debug::NoLocking); a script that shares
# DIR with other runs holds its own flock around its whole use of it.
#
# private_apt DIR: DIR holds the private sources, lists and archives.
private_apt() {
	local dir=$1 mirror keyring=/usr/share/keyrings/debian-archive-keyring.gpg arch
	arch=$(dpkg --print-architecture) || return 1
	mkdir -p "$dir/lists/partial" "$dir/archives/partial" "$dir/etc"
	# The mirror: the first .../debian URI of the system's sources.
	mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
		 awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i ~ /\/debian\/?$/) { print $i; exit } }')
	if [ -z "$mirror" ]; then
		mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			 awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^(https?|file):.*\/debian\/?$/) { print $i; exit } }')
	fi
	if [ -z "$mirror" ]; then
		echo "apt-private: no Debian mirror in the apt sources" >&2
		return 1
	fi
	cat > "$dir/etc/sources.list" <<EOS
deb [signed-by=$keyring] $mirror trixie main
deb [signed-by=$keyring] $mirror sid main
deb [signed-by=$keyring] $mirror experimental main
deb [signed-by=$keyring] $mirror bookworm-backports main
deb-src [signed-by=$keyring] $mirror sid main
deb-src [signed-by=$keyring] $mirror bookworm main
EOS
	# shellcheck disable=SC2034 # used by the sourcing script
	APT_OPTS=(-o Dir::Etc::sourcelist="$dir/etc/sources.list"
		  -o Dir::Etc::sourceparts=/nonexistent
		  -o Dir::State::lists="$dir/lists"
		  -o Dir::Cache::archives="$dir/archives"
		  -o Dir::Cache::pkgcache="$dir/pkgcache.bin"
		  -o Dir::Cache::srcpkgcache="$dir/srcpkgcache.bin"
		  -o APT::Architecture="$arch"
		  -o APT::Sandbox::User=root)
}

# foreign_apt DIR ARCH: the same, for another architecture's packages of
# the machine's own release (os-release's VERSION_CODENAME), with an empty
# dpkg status of its own, so that `apt_private install -d PKG...` fetches
# PKG and every library it needs, to unpack into a guest's root (never to
# install here).
foreign_apt() {
	local dir=$1 arch=$2 suite
	private_apt "$dir" || return 1
	# shellcheck disable=SC1091
	suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	if [ -z "$suite" ]; then
		echo "apt-private: no VERSION_CODENAME in /etc/os-release" >&2
		return 1
	fi
	sed -i -e '/^deb-src /d' -e 's/^\(deb \[[^]]*\] [^ ]*\) .* main$/\1 '"$suite"' main/' \
		"$dir/etc/sources.list"
	sort -u -o "$dir/etc/sources.list" "$dir/etc/sources.list"
	: > "$dir/status"
	APT_OPTS+=(-o APT::Architecture="$arch" -o APT::Architectures::="$arch"
		   -o Dir::State::status="$dir/status")
}

# apt_private_update: update the private lists, once per script.
apt_private_updated=
apt_private_update() {
	[ -n "$apt_private_updated" ] && return 0
	apt-get "${APT_OPTS[@]}" -q update >&2 || return 1
	apt_private_updated=1
}

# apt_private ARGS...: apt-get with APT_OPTS, its lists updated at the first
# call; apt-get's output goes to stderr.
apt_private() {
	apt_private_update || return 1
	apt-get "${APT_OPTS[@]}" "$@" >&2
}
