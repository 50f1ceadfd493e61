package community.uplift.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
