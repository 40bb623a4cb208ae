/*
 * ring: the multi-node MPI test's program (test/e2e/multinode_test.go). A token goes from
 * rank to rank around a ring and collects each rank's host name, so rank 0 can print where
 * the ranks ran and that the messages went all the way round; an allreduce of the ranks
 * checks a collective too. Each rank also prints the Open MPI transports it was given, which
 * the site profile sets.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HOST_BYTES 64

int main(int argc, char **argv)
{
	int rank, size, sum = 0;
	char host[HOST_BYTES] = {0};
	char *token;
	const char *btl = getenv("OMPI_MCA_btl");

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size < 2) {
		fprintf(stderr, "ring needs at least 2 ranks, got %d\n", size);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	gethostname(host, sizeof host - 1);
	token = calloc((size_t)size, HOST_BYTES);
	if (token == NULL) {
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	if (rank == 0) {
		memcpy(token, host, HOST_BYTES);
		MPI_Send(token, size * HOST_BYTES, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
		MPI_Recv(token, size * HOST_BYTES, MPI_CHAR, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	} else {
		MPI_Recv(token, size * HOST_BYTES, MPI_CHAR, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		memcpy(token + rank * HOST_BYTES, host, HOST_BYTES);
		MPI_Send(token, size * HOST_BYTES, MPI_CHAR, (rank + 1) % size, 0, MPI_COMM_WORLD);
	}
	MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	printf("rank %d of %d on %s btl=%s\n", rank, size, host, btl ? btl : "default");
	if (rank == 0) {
		printf("ring of %d ranks:", size);
		for (int i = 0; i < size; i++) {
			printf(" %.*s", HOST_BYTES, token + i * HOST_BYTES);
		}
		printf("\nallreduce sum %d\n", sum);
	}
	free(token);
	MPI_Finalize();
	return 0;
}
