#!/usr/bin/perl
# Filter for .ci/windows.sh: trf.exe's output with every path of the map
# file (MAP; lines "WINDOWS-FORM<TAB>LINUX-FORM") written as the Linux
# binary writes it. The map holds exact paths (each file and folder under
# the roots the test walks, as Windows joins them with `\`, in text and in
# JSON), so nothing else in the output is touched: a JSON escape such as
# `\n` after a path stays what it is. Bytes in, bytes out.
#
#   wine-paths.pl MAP            standard input to standard output
#   wine-paths.pl MAP OUT ERR    OUT to standard output, ERR to standard error
use strict;
use warnings;
my ($map, @files) = @ARGV;
my %to;
open(my $m, '<:raw', $map) or die "$map: $!";
while (<$m>) {
    chomp;
    my ($w, $l) = split /\t/, $_, 2;
    $to{$w} = $l;
}
close $m;
my $alt = join '|', map { quotemeta } sort { length($b) <=> length($a) } keys %to;
my $re = %to ? qr/($alt)/ : qr/(?!)/;

sub normalised {
    my ($fh) = @_;
    binmode $fh;
    local $/;
    my $text = <$fh>;
    $text = '' unless defined $text;
    # Only output with a backslash can hold a path Windows joined.
    $text =~ s/$re/$to{$1}/g if index($text, '\\') >= 0;
    return $text;
}

binmode STDOUT;
binmode STDERR;
if (@files) {
    open(my $out, '<', $files[0]) or die "$files[0]: $!";
    open(my $err, '<', $files[1]) or die "$files[1]: $!";
    print STDOUT normalised($out);
    print STDERR normalised($err);
} else {
    print STDOUT normalised(\*STDIN);
}
