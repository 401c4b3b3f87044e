// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IStakingApi, IStakingLensApi, deployStaking, deployLens} from "./utils/StakingApi.sol";
import {IStaking} from "../src/IStaking.sol";
import {IUniswapV2Router} from "../src/interfaces/IUniswapV2Router.sol";
import {LocalUSDCPermit} from "../src/local/LocalUSDCPermit.sol";

interface IWETH9 {
    function deposit() external payable;
    function approve(address spender, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

interface IUniswapV2FactoryLike {
    function getPair(address a, address b) external view returns (address);
}

interface IUniswapV2Router02Like is IUniswapV2Router {
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external returns (uint256, uint256, uint256);
}

/// @dev Exchange against the real Uniswap V2 contracts: WETH9, UniswapV2Factory and UniswapV2Router02
///      deployed from the bytecode that the v2-core and v2-periphery npm packages ship.
contract StakingUniswapTest is Test {
    bytes32 internal constant INIT_CODE_HASH =
        0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f;
    uint256 internal constant ONE = 1e6;

    LocalUSDCPermit internal usdc;
    IWETH9 internal weth;
    IUniswapV2FactoryLike internal factory;
    IUniswapV2Router02Like internal router;
    IStakingApi internal staking;
    IStakingLensApi internal lens;
    address internal owner = makeAddr("owner");
    address internal root = makeAddr("root");
    address internal alice = makeAddr("alice");

    function _deployArtifact(string memory file, bytes memory args) internal returns (address deployed) {
        string memory json = vm.readFile(string.concat(vm.projectRoot(), "/../node_modules/", file));
        bytes memory init =
            bytes.concat(vm.parseBytes(string.concat("0x", vm.parseJsonString(json, ".bytecode"))), args);
        assembly {
            deployed := create(0, add(init, 0x20), mload(init))
        }
        require(deployed != address(0), "deploy failed");
    }

    function setUp() public {
        vm.warp(1_750_000_000);
        usdc = new LocalUSDCPermit(address(this));
        weth = IWETH9(_deployArtifact("@uniswap/v2-periphery/build/WETH9.json", ""));
        factory = IUniswapV2FactoryLike(
            _deployArtifact("@uniswap/v2-core/build/UniswapV2Factory.json", abi.encode(address(this)))
        );
        router = IUniswapV2Router02Like(
            _deployArtifact(
                "@uniswap/v2-periphery/build/UniswapV2Router02.json",
                abi.encode(address(factory), address(weth))
            )
        );
        // Seed 1,000 WETH against 3,000,000 USDC.
        vm.deal(address(this), 2000 ether);
        weth.deposit{value: 1000 ether}();
        usdc.mint(address(this), 3_000_000 * ONE);
        weth.approve(address(router), 1000 ether);
        usdc.approve(address(router), 3_000_000 * ONE);
        router.addLiquidity(
            address(weth), address(usdc), 1000 ether, 3_000_000 * ONE, 0, 0, address(this), block.timestamp
        );

        uint256[6] memory thresholds = [uint256(1e9), 5e9, 2e10, 5e10, 1e11, 5e11];
        staking = deployStaking(
            IStaking.Config({
                usdc: IERC20Metadata(address(usdc)),
                rewardToken: IERC20Metadata(address(weth)),
                router: router,
                root: root,
                owner: owner,
                treasury: makeAddr("treasury"),
                levelThresholds: thresholds,
                feeBps: 0,
                minWithdrawal: ONE,
                nodePrice: 1000 * ONE,
                nodeLimit: 10,
                founderPrice: 5000 * ONE,
                founderLimit: 5
            })
        );
        lens = deployLens(staking);
        weth.deposit{value: 500 ether}();
        weth.approve(address(staking), 500 ether);
        staking.fundRewards(500 ether);
        vm.prank(owner);
        staking.createPlan(
            30, 1e24, 1e12 * ONE / 1e6, uint64(block.timestamp), uint64(block.timestamp + 365 days)
        );
        usdc.mint(alice, 100_000 * ONE);
        vm.prank(alice);
        staking.bindSuperior(root);
    }

    function test_pairIsWhereTheRouterLooks() public view {
        address pair = factory.getPair(address(weth), address(usdc));
        (address t0, address t1) =
            address(weth) < address(usdc) ? (address(weth), address(usdc)) : (address(usdc), address(weth));
        bytes32 salt = keccak256(abi.encodePacked(t0, t1));
        address computed = address(
            uint160(uint256(keccak256(abi.encodePacked(hex"ff", address(factory), salt, INIT_CODE_HASH))))
        );
        assertEq(pair, computed);
    }

    function test_exchange_throughRealRouter() public {
        vm.startPrank(alice);
        usdc.approve(address(staking), 10_000 * ONE);
        staking.stake(0, 10_000 * ONE);
        vm.warp(block.timestamp + 30 days);
        uint256[] memory ids = new uint256[](1);
        staking.harvest(alice, ids);
        uint256 earned = lens.getAccount(alice).earned;
        assertEq(earned, 10_000 * ONE * 1e24 * 30 / 1e18); // 0.3 WETH
        address[] memory path = new address[](2);
        path[0] = address(weth);
        path[1] = address(usdc);
        uint256 expected = router.getAmountsOut(earned, path)[1];
        IStaking.ExchangeQuote memory q = lens.quoteExchange(alice, earned);
        assertEq(q.grossUsdc, expected);
        assertEq(q.netUsdc, expected);
        assertApproxEqRel(expected, 900 * ONE, 0.01e18); // ≈ 0.3 * 3000 minus 0.3% pool fee
        vm.expectRevert(bytes("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"));
        staking.exchange(earned, expected + 1, block.timestamp);
        uint256 net = staking.exchange(earned, expected, block.timestamp);
        assertEq(net, expected);
        uint256 before = usdc.balanceOf(alice);
        staking.withdraw(net);
        vm.stopPrank();
        assertEq(usdc.balanceOf(alice), before + net);
        assertEq(weth.balanceOf(address(staking)), staking.rewardBudget() + staking.totalEarned());
        assertEq(usdc.balanceOf(address(staking)), 10_000 * ONE);
    }

    /// The app quotes an empty input: the lens answers an empty quote, where the real router refuses 0.
    function test_quoteExchange_ofNothing_isEmpty() public {
        address[] memory path = new address[](2);
        path[0] = address(weth);
        path[1] = address(usdc);
        vm.expectRevert(bytes("UniswapV2Library: INSUFFICIENT_INPUT_AMOUNT"));
        router.getAmountsOut(0, path);
        IStaking.ExchangeQuote memory q = lens.quoteExchange(alice, 0);
        assertEq(q.grossUsdc + q.feeBps + q.fee + q.netUsdc, 0);
    }
}
