precision mediump float;
void main() {
	float x = y;
	int i = 1.0;
	gl_FragColor = x;
}
